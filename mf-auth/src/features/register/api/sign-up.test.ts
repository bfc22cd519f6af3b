import { continueWithProviderMetadata, signUpMetadata } from './sign-up';

const company = {
  record: { company_name: 'ACME LTD', company_number: '12345678' },
  verificationTicket: '6f1c2d3e-0000-4000-8000-000000000001',
} as unknown as Parameters<typeof signUpMetadata>[0]['company_data'];

describe('sign-up metadata', () => {
  it('a business carries its company and ticket, on the free plan, whichever way it signs up', () => {
    const input = {
      name: 'Bianca',
      accountType: 'business' as const,
      company: '',
      company_data: company,
      selectedPlan: 'pro' as const,
    };
    const expected = {
      account_type: 'business',
      company: 'ACME LTD',
      company_data: {
        company_name: 'ACME LTD',
        company_number: '12345678',
        verification_ticket: '6f1c2d3e-0000-4000-8000-000000000001',
      },
      selected_plan: 'free',
    };
    expect(signUpMetadata(input)).toEqual({ name: 'Bianca', ...expected });
    expect(continueWithProviderMetadata(input)).toEqual({ name: 'Bianca', ...expected });
  });

  it('"Continue with" leaves an empty name out, so the provider\u2019s name is used', () => {
    const metadata = continueWithProviderMetadata({
      name: '  ',
      accountType: 'professional',
      company: '',
      company_data: null,
      selectedPlan: 'pro',
    });
    expect(metadata).toEqual({
      account_type: 'professional',
      company: null,
      company_data: null,
      selected_plan: 'pro',
    });
  });
});
