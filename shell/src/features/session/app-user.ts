import type { AccountType, AppUser, Tables } from '@promatch/shared';
import type { User } from '@supabase/supabase-js';

type Profile = Pick<Tables<'profiles'>, 'name' | 'account_type' | 'company' | 'industry' | 'role'>;

interface SignUpMetadata {
  name?: string;
  account_type?: string;
  company?: string;
  type?: string;
}

const isAccountType = (value: unknown): value is AccountType =>
  value === 'professional' || value === 'business';

/** Profile first (the database's word), then sign-up metadata, user type, and 'professional'. */
export function resolveAccountType(profile: Profile | null, metadata: SignUpMetadata): AccountType {
  const candidates = [profile?.account_type, metadata.account_type, metadata.type];
  return candidates.find(isAccountType) ?? 'professional';
}

/** A name to show before the profile has one: the part of the e-mail before @, then 'User'. */
function displayNameFallback(email: string): string {
  return email.split('@')[0] || 'User';
}

/** The user as the app sees it, from the auth user and, once loaded, the profile. */
export function toAppUser(user: User, profile: Profile | null): AppUser {
  const email = user.email ?? '';
  const metadata = (user.user_metadata ?? {}) as SignUpMetadata;
  const type = resolveAccountType(profile, metadata);
  return {
    id: user.id,
    email,
    name: profile?.name || metadata.name || displayNameFallback(email),
    type,
    company: profile?.company ?? metadata.company ?? undefined,
    domain: email.split('@')[1] ?? '',
    industry: profile?.industry ?? undefined,
    role: profile?.role ?? undefined,
    user_metadata: {
      name: metadata.name,
      account_type: isAccountType(metadata.account_type) ? metadata.account_type : undefined,
    },
  };
}
