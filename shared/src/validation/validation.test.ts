import { loginSchema, registerSchema, resetPasswordSchema } from './auth';
import {
  isValidCompanyNumber,
  normaliseCompanyNumber,
  verifyCompanyRequestSchema,
} from './company';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('auth schemas', () => {
  it('gives the login form messages for missing and malformed input', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual([
      'Email is required',
      'Password is required',
    ]);
    expect(messages(loginSchema.safeParse({ email: 'x', password: '12345' }))).toEqual([
      'Please enter a valid email address',
      'Password must be at least 6 characters',
    ]);
  });

  it('gives the register messages, incl. the business company rule and terms', () => {
    const base = {
      accountType: 'business',
      name: 'A',
      email: 'a@b.co',
      password: 'abcdef',
      company: '',
      selectedPlan: 'free',
      acceptTerms: false,
    };
    expect(messages(registerSchema.safeParse(base))).toEqual(
      expect.arrayContaining([
        'Name must be at least 2 characters',
        'Password must contain uppercase, lowercase, and number',
        'Company name is required for business accounts',
        'You must accept the Terms of Service and Privacy Policy',
      ]),
    );
    const good = { ...base, name: 'Al', password: 'Abcde1', company: 'Acme', acceptTerms: true };
    expect(registerSchema.safeParse(good).success).toBe(true);
  });

  it('needs matching new passwords', () => {
    expect(
      messages(resetPasswordSchema.safeParse({ password: 'Abcde1', confirmPassword: 'x' })),
    ).toEqual(['Passwords do not match']);
  });
});

describe('company numbers', () => {
  it.each(['12345678', 'SC123456', 'sc 123 456', '123456', 'NI12345678'])('%p is valid', (n) =>
    expect(isValidCompanyNumber(n)).toBe(true),
  );
  it.each(['12345', 'ABC12345', '12AB', ''])('%p is not', (n) =>
    expect(isValidCompanyNumber(n)).toBe(false),
  );

  it('normalises to 8 characters', () => {
    expect(normaliseCompanyNumber('123456')).toBe('00123456');
    expect(normaliseCompanyNumber('sc 1234')).toBe('SC001234');
    expect(normaliseCompanyNumber('IP00001R')).toBe('IP00001R');
    expect(normaliseCompanyNumber('not one')).toBeNull();
  });

  it('validates the function request', () => {
    expect(verifyCompanyRequestSchema.safeParse({ action: 'search', query: 'ab' }).success).toBe(
      false,
    );
    expect(
      verifyCompanyRequestSchema.safeParse({ action: 'verify', company_number: '1234' }).success,
    ).toBe(true);
    expect(verifyCompanyRequestSchema.safeParse({ action: 'delete' }).success).toBe(false);
  });
});
