import { createStore, type StoreApi } from 'zustand/vanilla';
import { createJSONStorage, persist } from 'zustand/middleware';
import type {
  AccountType,
  AppUser,
  CookieConsent,
  PresenceStatus,
  ThemePreference,
  UserSubscription,
} from './session-types';

/**
 * Client and session state shared by the shell and every remote: one zustand store created by the
 * shell (see docs/architecture.md, "The federated store").
 * Server rows never live here: they belong to react-query.
 */
export interface SessionState {
  user: AppUser | null;
  accountType: AccountType | null;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  subscription: UserSubscription | null;
  /** True until the first session check has finished, so the gate waits instead of redirecting. */
  isLoading: boolean;
  /**
   * Signed in with a password but not yet with the second factor the account requires (aal1 of
   * aal2): the user does not count as signed in until the code is given.
   */
  mfaRequired: boolean;
  theme: ThemePreference;
  cookieConsent: CookieConsent;
  /** The signed-in user's own presence, shown by the header's dot. */
  presence: PresenceStatus;
  /** The user set themselves Busy by hand: shown to contacts whatever their activity. */
  busyByHand: boolean;
  setSession(
    update: Partial<
      Pick<
        SessionState,
        | 'user'
        | 'accountType'
        | 'isAdmin'
        | 'isSuperAdmin'
        | 'subscription'
        | 'isLoading'
        | 'mfaRequired'
      >
    >,
  ): void;
  clearSession(): void;
  setTheme(theme: ThemePreference): void;
  setCookieConsent(status: CookieConsent['status']): void;
  setPresence(status: PresenceStatus): void;
  setBusyByHand(busy: boolean): void;
}

export type SessionStore = StoreApi<SessionState>;

const signedOut = {
  user: null,
  accountType: null,
  isAdmin: false,
  isSuperAdmin: false,
  subscription: null,
  mfaRequired: false,
} as const;

/** Only preferences survive a reload; the session itself comes back from supabase-js. */
const PERSISTED_KEY = 'promatch.preferences';

export function createSessionStore(storage?: Storage): SessionStore {
  return createStore<SessionState>()(
    persist(
      (set) => ({
        ...signedOut,
        isLoading: true,
        theme: 'system',
        cookieConsent: { status: 'unset', decidedAt: null },
        presence: 'offline',
        setPresence: (presence) => set({ presence }),
        busyByHand: false,
        setBusyByHand: (busyByHand) => set({ busyByHand }),
        setSession: (update) => set(update),
        clearSession: () => set({ ...signedOut, isLoading: false, busyByHand: false }),
        setTheme: (theme) => set({ theme }),
        setCookieConsent: (status) =>
          set({
            cookieConsent: {
              status,
              decidedAt: status === 'unset' ? null : new Date().toISOString(),
            },
          }),
      }),
      {
        name: PERSISTED_KEY,
        storage: createJSONStorage(() => storage ?? localStorage),
        partialize: (state) => ({ theme: state.theme, cookieConsent: state.cookieConsent }),
      },
    ),
  );
}
