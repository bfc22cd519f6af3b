import { screen, within } from '@testing-library/react';
import { fakeSupabase, renderWithProviders } from '@promatch/shared/testing';
import type { Project } from '../api/types';
import { OpenProjects } from './open-projects';

const project = (id: string, owner: string, title: string): Project => ({
  id,
  owner_id: owner,
  title,
  description: 'Work to do',
  category: null,
  skills: [],
  budget_min: null,
  budget_max: null,
  budget_type: 'fixed',
  location: null,
  remote: true,
  status: 'open',
  deadline: null,
  timeline: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  published_at: '2026-11-20T10:00:00Z',
  hired_professional_id: null,
  hired_at: null,
  completed_at: null,
});

// the far side of supabase-js: open projects, the professional's skills, and two rpcs
const answers: Record<string, unknown> = {
  projects: [project('pr-1', 'b-1', 'Booking API'), project('pr-2', 'b-2', 'Data pipeline')],
  profiles: { skills: [], categories: [] },
};
const VERIFICATIONS = [
  {
    business_id: 'b-1',
    company_name: 'ACME WIDGETS LTD',
    company_number: '01234567',
    verification_status: 'verified',
    verified_at: '2026-11-03T10:00:00Z',
  },
  {
    business_id: 'b-2',
    company_name: 'NEWCO LTD',
    company_number: '07654321',
    verification_status: 'pending',
    verified_at: null,
  },
];
const mockFake = fakeSupabase((call) => {
  if (call.rpc === 'early_access_hours') return { data: 24 };
  if (call.rpc === 'business_verifications') return { data: VERIFICATIONS };
  return { data: answers[call.table ?? ''] };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const professional = {
  session: {
    user: {
      id: 'p-1',
      email: 'pat@example.co.uk',
      name: 'Pat',
      type: 'professional' as const,
      domain: 'example.co.uk',
      user_metadata: {},
    },
    accountType: 'professional' as const,
  },
};

it('shows who posted each open project and whether the business is verified, asked once', async () => {
  renderWithProviders(<OpenProjects />, professional);
  const first = await screen.findByRole('article', { name: 'Booking API' });
  expect(await within(first).findByTestId('business-verification')).toHaveTextContent(
    'Verified business ACME WIDGETS LTD (company no. 01234567), verified 3 Nov 2026',
  );
  const second = screen.getByRole('article', { name: 'Data pipeline' });
  expect(within(second).getByTestId('business-verification')).toHaveTextContent(
    'Verification pending NEWCO LTD (company no. 07654321)',
  );
  const asked = mockFake.calls.filter((call) => call.rpc === 'business_verifications');
  expect(asked.map((call) => call.args)).toEqual([{ p_business_ids: ['b-1', 'b-2'] }]);
});
