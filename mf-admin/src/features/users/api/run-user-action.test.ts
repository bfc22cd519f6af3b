import { callAdminRpc } from '../../../lib/admin-api';
import { invalidated, renderHookWith, seededClient } from '../../../lib/test/invalidated';
import { useUserAction, type UserAction } from './run-user-action';

jest.mock('../../../lib/admin-api', () => ({ callAdminRpc: jest.fn() }));

async function run(action: UserAction) {
  jest.mocked(callAdminRpc).mockResolvedValue(null);
  const client = seededClient();
  const { result } = renderHookWith(() => useUserAction('u1'), client);
  await result.current.mutateAsync({ action, reason: 'Spam reports' });
  return invalidated(client);
}

it('a suspension refreshes the user, the users list, the moderation queue and the audit log', async () => {
  expect(await run({ kind: 'suspend' })).toEqual([
    'audit',
    'moderationQueue',
    'userU1',
    'usersList',
  ]);
  expect(callAdminRpc).toHaveBeenCalledWith('admin_suspend_user', {
    p_user: 'u1',
    p_reason: 'Spam reports',
  });
});

it('a badge change refreshes the badge requests instead of the moderation queue', async () => {
  expect(await run({ kind: 'verified', verified: true })).toEqual([
    'audit',
    'badgeRequests',
    'userU1',
    'usersList',
  ]);
});

it('a two-factor reset changes only the user and the audit log', async () => {
  expect(await run({ kind: 'reset_mfa' })).toEqual(['audit', 'userU1']);
});
