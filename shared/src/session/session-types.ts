export type AccountType = 'professional' | 'business';
export type ThemePreference = 'light' | 'dark' | 'system';

/** The user as the app sees it: the auth user merged with the profile and sign-up metadata. */
export interface AppUser {
  id: string;
  email: string;
  name: string;
  type: AccountType;
  company?: string;
  domain: string;
  industry?: string;
  role?: string;
  user_metadata: { name?: string; account_type?: AccountType };
}

/** The user's plan as `get_user_subscription_plan` answers it (its first row). */
export interface UserSubscription {
  plan_type: 'free' | 'pro';
  plan_name: string;
  features: Record<string, boolean>;
  limits: Record<string, number>;
  commission_rate: number;
}

/** The visitor's cookie choice; analytics run only once it is 'accepted'. */
export interface CookieConsent {
  status: 'unset' | 'accepted' | 'rejected';
  decidedAt: string | null;
}

/** Presence statuses, as stored in `user_presence.status`. */
export type PresenceStatus = 'online' | 'away' | 'busy' | 'offline';
