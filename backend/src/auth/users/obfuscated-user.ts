import { userJson, type UserJson } from './user-json.ts';
import type { IdentityRow, UserRow } from './user-row.ts';

/**
 * What sign-up answers for an address that already has a confirmed account: a user shaped
 * exactly like a new unconfirmed one (a made-up id, one e-mail identity), stored nowhere. GoTrue
 * sends `identities: []` here, which itself tells the address is taken; a full look-alike does not.
 */
export function obfuscatedUserJson(email: string, data: Record<string, unknown>): UserJson {
  const id = crypto.randomUUID();
  const now = new Date();
  const user: UserRow = {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    encrypted_password: null,
    email_confirmed_at: null,
    invited_at: null,
    confirmation_token: null,
    confirmation_sent_at: now,
    recovery_token: null,
    recovery_sent_at: null,
    email_change_token_new: null,
    email_change: null,
    email_change_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: data,
    is_super_admin: false,
    created_at: now,
    updated_at: now,
    phone: null,
    phone_confirmed_at: null,
    confirmed_at: null,
    banned_until: null,
    deleted_at: null,
    is_anonymous: false,
  };
  const identity: IdentityRow = {
    id: crypto.randomUUID(),
    provider_id: id,
    user_id: id,
    identity_data: { sub: id, email, email_verified: false, phone_verified: false },
    provider: 'email',
    last_sign_in_at: now,
    created_at: now,
    updated_at: now,
    email,
  };
  return userJson(user, [identity], []);
}
