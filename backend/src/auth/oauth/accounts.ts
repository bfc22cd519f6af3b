import type { Queryable } from '../../db/types.ts';
import { ErrorCode } from '../codes.ts';
import { AuthError } from '../errors.ts';
import type { UserRow } from '../users/user-row.ts';
import { findUserByEmail, findUserById, normalizeEmail } from '../users/users-repo.ts';
import type { ProviderConfig } from './providers.ts';

/** What the provider said about the person (ID token claims, completed from userinfo). */
export interface ProviderProfile {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
  claims: Record<string, unknown>;
}

/** GoTrue's identity_data: the provider's claims plus sub, email and email_verified. */
function identityData(provider: ProviderConfig, profile: ProviderProfile) {
  return {
    ...profile.claims,
    iss: provider.issuer,
    sub: profile.sub,
    provider_id: profile.sub,
    email: profile.email,
    email_verified: profile.emailVerified,
    phone_verified: false,
    name: profile.name,
    full_name: profile.name,
    avatar_url: profile.picture,
    picture: profile.picture,
  };
}

async function findIdentityOwner(
  db: Queryable,
  provider: string,
  sub: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>(
    'select user_id from auth.identities where provider = $1 and provider_id = $2',
    [provider, sub],
  );
  return rows[0]?.user_id;
}

async function addIdentity(
  db: Queryable,
  user: UserRow,
  provider: ProviderConfig,
  profile: ProviderProfile,
): Promise<void> {
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, now(), now(), now())`,
    [profile.sub, user.id, JSON.stringify(identityData(provider, profile)), provider.name],
  );
  // app_metadata.providers lists every way in, as GoTrue keeps it.
  await db.query(
    `update auth.users set raw_app_meta_data = jsonb_set(coalesce(raw_app_meta_data, '{}'::jsonb), '{providers}',
       (select coalesce(jsonb_agg(distinct provider), '[]'::jsonb) from auth.identities where user_id = $1)),
       updated_at = now() where id = $1`,
    [user.id],
  );
}

async function refreshIdentity(
  db: Queryable,
  provider: ProviderConfig,
  profile: ProviderProfile,
): Promise<void> {
  await db.query(
    `update auth.identities set identity_data = $3::jsonb, last_sign_in_at = now(), updated_at = now()
     where provider = $1 and provider_id = $2`,
    [provider.name, profile.sub, JSON.stringify(identityData(provider, profile))],
  );
}

/**
 * The account a link would join, refused when this provider account is already linked to
 * another. Checked at the callback (so the person hears at once) and again when the link is made.
 */
export async function linkTarget(
  db: Queryable,
  userId: string,
  provider: ProviderConfig,
  profile: ProviderProfile,
): Promise<{ user: UserRow; linked: boolean }> {
  const user = await findUserById(db, userId);
  if (!user) throw new AuthError(404, ErrorCode.userNotFound, 'User not found');
  const owner = await findIdentityOwner(db, provider.name, profile.sub);
  if (owner && owner !== user.id) {
    throw new AuthError(
      422,
      ErrorCode.identityAlreadyExists,
      `This ${provider.label} account is already linked to another ProMatch account`,
    );
  }
  return { user, linked: owner === user.id };
}

/** A signed-in user adds this provider to their account. */
export async function linkIdentity(
  db: Queryable,
  userId: string,
  provider: ProviderConfig,
  profile: ProviderProfile,
): Promise<UserRow> {
  const { user, linked } = await linkTarget(db, userId, provider, profile);
  if (linked) await refreshIdentity(db, provider, profile);
  else await addIdentity(db, user, provider, profile);
  return user;
}

/**
 * Sign-in through a provider: the account that holds this identity; otherwise an account with
 * the same e-mail address, linked only when both the provider and our record say the address is
 * verified; otherwise a new account, but only with the sign-up choices made on the register
 * page (account type first, and the company for a business).
 */
export async function signInIdentity(
  db: Queryable,
  provider: ProviderConfig,
  profile: ProviderProfile,
  signupData: Record<string, unknown> | null,
): Promise<UserRow> {
  const owner = await findIdentityOwner(db, provider.name, profile.sub);
  if (owner) {
    const user = await findUserById(db, owner);
    if (!user) throw new AuthError(404, ErrorCode.userNotFound, 'User not found');
    await refreshIdentity(db, provider, profile);
    return user;
  }
  if (!profile.email) {
    throw new AuthError(
      422,
      ErrorCode.providerEmailNeedsVerification,
      `${provider.label} did not share an e-mail address; ProMatch needs one to create or find your account`,
    );
  }
  const email = normalizeEmail(profile.email);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!profile.emailVerified || !existing.email_confirmed_at) {
      throw new AuthError(
        422,
        ErrorCode.emailExists,
        `An account already uses ${email}. Sign in with your password, then link ${provider.label} from your security settings.`,
      );
    }
    await addIdentity(db, existing, provider, profile);
    return (await findUserById(db, existing.id)) ?? existing;
  }
  if (!profile.emailVerified) {
    throw new AuthError(
      422,
      ErrorCode.providerEmailNeedsVerification,
      `Your e-mail address is not verified with ${provider.label}; verify it there, or register with e-mail and a password`,
    );
  }
  if (!signupData) {
    throw new AuthError(
      422,
      ErrorCode.signupRequired,
      `No ProMatch account uses this ${provider.label} login yet: choose an account type to create one`,
    );
  }
  return createUser(db, provider, profile, email, signupData);
}

async function createUser(
  db: Queryable,
  provider: ProviderConfig,
  profile: ProviderProfile,
  email: string,
  signupData: Record<string, unknown>,
): Promise<UserRow> {
  // The trigger that creates the profile reads user_metadata: the provider's claims as GoTrue
  // stores them, then the choices made on the register page.
  const userMeta = {
    ...identityData(provider, profile),
    ...signupData,
    name:
      typeof signupData.name === 'string' && signupData.name.trim()
        ? signupData.name
        : profile.name,
  };
  const appMeta = { provider: provider.name, providers: [provider.name] };
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, null, now(),
       $3::jsonb, $4::jsonb, false, now(), now())
     returning *`,
    [crypto.randomUUID(), email, JSON.stringify(appMeta), JSON.stringify(userMeta)],
  );
  const user = rows[0] as UserRow;
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, now(), now(), now())`,
    [profile.sub, user.id, JSON.stringify(identityData(provider, profile)), provider.name],
  );
  return user;
}
