import type { Queryable } from '../../db/types.ts';
import type { FactorRow, IdentityRow, UserPatch, UserRow } from './user-row.ts';

/** Columns UserPatch may set; the SQL is built only from these names. */
const PATCHABLE = new Set<keyof UserPatch>([
  'email',
  'encrypted_password',
  'email_confirmed_at',
  'confirmation_token',
  'confirmation_sent_at',
  'recovery_token',
  'recovery_sent_at',
  'email_change_token_new',
  'email_change',
  'email_change_sent_at',
  'last_sign_in_at',
  'raw_app_meta_data',
  'raw_user_meta_data',
  'banned_until',
  'role',
  'invited_at',
  'phone',
  'deleted_at',
]);
const JSON_COLUMNS = new Set<string>(['raw_app_meta_data', 'raw_user_meta_data']);

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    'select * from auth.users where id = $1 and deleted_at is null',
    [id],
  );
  return rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    'select * from auth.users where email = $1 and is_sso_user = false and deleted_at is null',
    [normalizeEmail(email)],
  );
  return rows[0];
}

export interface NewUser {
  email: string;
  encryptedPassword: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
  invited?: boolean;
  role?: string;
}

/** Inserts the user and its e-mail identity, as GoTrue's sign-up does. */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const id = crypto.randomUUID();
  const email = normalizeEmail(user.email);
  const appMeta = { provider: 'email', providers: ['email'], ...user.appMetadata };
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       invited_at, raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4,
       case when $5::boolean then now() end, case when $6::boolean then now() end, $7::jsonb, $8::jsonb,
       false, now(), now())
     returning *`,
    [
      id,
      user.role ?? 'authenticated',
      email,
      user.encryptedPassword,
      user.confirmed,
      user.invited ?? false,
      JSON.stringify(appMeta),
      JSON.stringify(user.userMetadata),
    ],
  );
  const identityData = { sub: id, email, email_verified: user.confirmed, phone_verified: false };
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, 'email', now(), now(), now())`,
    [id, id, JSON.stringify(identityData)],
  );
  return rows[0] as UserRow;
}

/** Updates the given columns and updated_at; returns the new row. */
export async function updateUser(db: Queryable, id: string, patch: UserPatch): Promise<UserRow> {
  const entries = Object.entries(patch).filter(([column]) =>
    PATCHABLE.has(column as keyof UserPatch),
  );
  const sets = entries.map(([column], index) =>
    JSON_COLUMNS.has(column) ? `${column} = $${index + 2}::jsonb` : `${column} = $${index + 2}`,
  );
  const values = entries.map(([column, value]) =>
    JSON_COLUMNS.has(column) ? JSON.stringify(value) : value,
  );
  const { rows } = await db.query<UserRow>(
    `update auth.users set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 returning *`,
    [id, ...values],
  );
  return rows[0] as UserRow;
}

/** Keeps the e-mail identity in step with the user's address and confirmation. */
export async function syncEmailIdentity(db: Queryable, user: UserRow): Promise<void> {
  await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text,
       'email_verified', $3::boolean), updated_at = now() where user_id = $1 and provider = 'email'`,
    [user.id, user.email, user.email_confirmed_at !== null],
  );
}

export async function listIdentities(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at',
    [userId],
  );
  return rows;
}

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    // A passkey's last use is shown in the security settings (auth.webauthn_credentials).
    `select f.*, w.last_used_at from auth.mfa_factors f
       left join auth.webauthn_credentials w on w.factor_id = f.id
      where f.user_id = $1 order by f.created_at`,
    [userId],
  );
  return rows;
}

export async function deleteUser(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.users where id = $1', [id]);
}
