import type { Queryable } from '../../db/types.ts';
import type { FactorRow, IdentityRow, UserRow } from './user-row.ts';
import { listFactors, listIdentities } from './users-repo.ts';

const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : undefined);

function identityJson(identity: IdentityRow) {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  };
}

export function factorJson(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? '',
    factor_type: factor.factor_type,
    status: factor.status,
    ...(factor.factor_type === 'phone' ? { phone: factor.phone ?? '' } : {}),
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
    last_used_at: iso(factor.last_used_at),
  };
}

/** GoTrue's User object (models/user.go JSON): empty optional fields are left out as Go does. */
export function userJson(user: UserRow, identities: IdentityRow[], factors: FactorRow[]) {
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
  };
}

export type UserJson = ReturnType<typeof userJson>;

/** Loads identities and factors and returns the full User object. */
export async function loadUserJson(db: Queryable, user: UserRow): Promise<UserJson> {
  const [identities, factors] = await Promise.all([
    listIdentities(db, user.id),
    listFactors(db, user.id),
  ]);
  return userJson(user, identities, factors);
}
