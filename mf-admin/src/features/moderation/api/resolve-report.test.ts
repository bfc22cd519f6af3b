import { callAdminRpc } from '../../../lib/admin-api';
import { invalidated, renderHookWith, seededClient } from '../../../lib/test/invalidated';
import { useResolveReport, type ModerationAction } from './resolve-report';

jest.mock('../../../lib/admin-api', () => ({ callAdminRpc: jest.fn() }));

async function resolve(action: ModerationAction) {
  jest.mocked(callAdminRpc).mockResolvedValue({ id: 'r1', outcome: action });
  const client = seededClient();
  const { result } = renderHookWith(() => useResolveReport(), client);
  await result.current.mutateAsync({ reportId: 'r1', reportedId: 'u2', action, note: 'Seen' });
  return invalidated(client);
}

it('a dismissal refreshes the queues and the audit log, not the conversation read', async () => {
  expect(await resolve('dismiss')).toEqual(['audit', 'moderationQueue']);
});

it('a suspension refreshes the reported user and the users list too', async () => {
  expect(await resolve('suspend')).toEqual(['audit', 'moderationQueue', 'userU2', 'usersList']);
});

it('sends a decision once, without retrying', async () => {
  jest.mocked(callAdminRpc).mockReset().mockRejectedValue(new Error('Report already resolved'));
  const { result } = renderHookWith(() => useResolveReport(), seededClient());
  await expect(
    result.current.mutateAsync({ reportId: 'r1', reportedId: 'u2', action: 'warn', note: 'x' }),
  ).rejects.toThrow('Report already resolved');
  expect(callAdminRpc).toHaveBeenCalledTimes(1);
});
