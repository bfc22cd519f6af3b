import { createSessionStore } from './session-store';

describe('session store', () => {
  beforeEach(() => localStorage.clear());

  it('starts loading and signed out, and clearing the session ends loading', () => {
    const store = createSessionStore();
    expect(store.getState()).toMatchObject({ user: null, isLoading: true, isAdmin: false });
    store.getState().clearSession();
    expect(store.getState().isLoading).toBe(false);
  });

  it('keeps only preferences across reloads, never the user', () => {
    const store = createSessionStore();
    store.getState().setTheme('dark');
    store.getState().setCookieConsent('accepted');
    store.getState().setSession({
      user: {
        id: 'u1',
        email: 'a@b.co',
        name: 'A',
        type: 'business',
        domain: 'b.co',
        user_metadata: {},
      },
      isLoading: false,
    });
    const reloaded = createSessionStore();
    expect(reloaded.getState().theme).toBe('dark');
    expect(reloaded.getState().cookieConsent.status).toBe('accepted');
    expect(reloaded.getState().user).toBeNull();
  });

  it('records when consent was decided and forgets it when asked again', () => {
    const store = createSessionStore();
    store.getState().setCookieConsent('rejected');
    expect(store.getState().cookieConsent.decidedAt).toEqual(expect.any(String));
    store.getState().setCookieConsent('unset');
    expect(store.getState().cookieConsent).toEqual({ status: 'unset', decidedAt: null });
  });
});
