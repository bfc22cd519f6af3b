import { carriedQuery, loginCopy } from './service-copy';

describe('login copy', () => {
  it('uses the plain wording without a known service', () => {
    expect(loginCopy(null)).toEqual({ banner: null, title: 'Sign In', submit: 'Sign In' });
    expect(loginCopy('no-such-service').submit).toBe('Sign In');
  });

  it('names the category for a service slug', () => {
    expect(loginCopy('ux-ui-design')).toEqual({
      banner: 'Find UX/UI Design Professionals',
      title: 'Access UX/UI Design Experts',
      submit: 'Find UX/UI Design Experts',
    });
  });

  it('carries service and returnTo only', () => {
    const params = new URLSearchParams('service=cybersecurity&returnTo=%2Fsearch&x=1');
    expect(carriedQuery(params)).toBe('?service=cybersecurity&returnTo=%2Fsearch');
    expect(carriedQuery(new URLSearchParams())).toBe('');
  });
});
