import { submitErrors, welcomeMessage } from './register-copy';

describe('register copy', () => {
  it('welcomes by service, for professionals and for businesses, naming ProMatch', () => {
    expect(welcomeMessage('cloud-services', 'business')).toMatch(/ProMatch.*Cloud Services/);
    expect(welcomeMessage(null, 'professional')).toMatch(/ProMatch.*professional profile/);
    expect(welcomeMessage(null, 'business')).toMatch(/ProMatch.*business/);
  });

  it('lists every missing or invalid field on submit', () => {
    expect(
      submitErrors({
        name: '',
        email: '',
        password: 'abc',
        accountType: 'business',
        hasCompany: false,
      }),
    ).toEqual([
      'Name is required',
      'Email is required',
      'Password must be at least 6 characters',
      'Company verification is required for business accounts',
    ]);
  });
});
