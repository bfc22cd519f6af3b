import { callAdminRpc } from '../../../lib/admin-api';
import { invalidated, renderHookWith, seededClient } from '../../../lib/test/invalidated';
import { useDecideBadgeRequest } from './decide-badge-request';
import type { BadgeRequest } from './get-badge-requests';

jest.mock('../../../lib/admin-api', () => ({ callAdminRpc: jest.fn() }));

beforeEach(() => jest.mocked(callAdminRpc).mockResolvedValue(null));

const request: BadgeRequest = {
  id: 'b1',
  message: null,
  evidence_paths: [],
  status: 'pending',
  decision_note: null,
  reviewed_at: null,
  created_at: '2026-11-20T09:00:00Z',
  professional: { id: 'u2', name: 'Bo', email: 'bo@example.com', verified: false },
};

it('granting a badge refreshes the requests, the professional and the users list', async () => {
  const client = seededClient();
  const { result } = renderHookWith(() => useDecideBadgeRequest(), client);
  await result.current.mutateAsync({ request, approve: true, reason: 'Evidence is good' });
  expect(invalidated(client)).toEqual(['audit', 'badgeRequests', 'userU2', 'usersList']);
});

it('refusing a badge leaves the professional as they were', async () => {
  const client = seededClient();
  const { result } = renderHookWith(() => useDecideBadgeRequest(), client);
  await result.current.mutateAsync({ request, approve: false, reason: 'No evidence' });
  expect(invalidated(client)).toEqual(['audit', 'badgeRequests']);
});
