import { callAdminRpc } from '../../../lib/admin-api';
import { invalidated, renderHookWith, seededClient } from '../../../lib/test/invalidated';
import { useDecideCompany } from './decide-company';
import type { QueuedCompany } from './get-company-queue';

jest.mock('../../../lib/admin-api', () => ({ callAdminRpc: jest.fn() }));

beforeEach(() => jest.mocked(callAdminRpc).mockResolvedValue(null));

const company: QueuedCompany = {
  id: 'c1',
  company_number: '01234567',
  company_name: 'Acme Ltd',
  company_status: 'active',
  company_type: 'manual_entry',
  verification_status: 'pending',
  verification_note: null,
  created_at: '2026-11-20T09:00:00Z',
  reviewed_at: null,
  businesses: [{ id: 'u1', name: 'Ada', email: 'ada@example.com' }],
};

it('a company decision refreshes the company queues, its business users and the audit log', async () => {
  const client = seededClient();
  const { result } = renderHookWith(() => useDecideCompany(), client);
  await result.current.mutateAsync({ company, approve: true, reason: 'Checked the register' });
  expect(invalidated(client)).toEqual(['audit', 'companies', 'userU1']);
});
