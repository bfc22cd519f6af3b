import { z } from 'zod';
import type { ApiResponse } from '../../http/types.ts';
import { requireServiceRole } from '../authenticate.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { assertStrongPassword, hashPassword } from '../passwords.ts';
import { json, parseBody } from '../request.ts';
import type { UserPatch, UserRow } from '../users/user-row.ts';
import { loadUserJson } from '../users/user-json.ts';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  syncEmailIdentity,
  updateUser,
} from '../users/users-repo.ts';
import { assertEmail, mergeMetadata, metadata, optionalString } from '../validation.ts';
import { parseBanDuration } from './ban-duration.ts';

const AdminUserBody = z.object({
  email: optionalString,
  password: optionalString,
  email_confirm: z.boolean().nullish(),
  user_metadata: metadata,
  app_metadata: metadata,
  ban_duration: optionalString,
  role: optionalString,
});
type AdminUserInput = z.infer<typeof AdminUserBody>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const emailTaken = () =>
  new AuthError(
    422,
    ErrorCode.emailExists,
    'A user with this email address has already been registered',
  );

async function userFromParams(call: AuthCall, params: Record<string, string>): Promise<UserRow> {
  const id = params.id ?? '';
  if (!UUID.test(id)) throw new AuthError(404, ErrorCode.userNotFound, 'User not found');
  const user = await findUserById(call.app.db, id);
  if (!user) throw new AuthError(404, ErrorCode.userNotFound, 'User not found');
  return user;
}

/** GET /admin/users?page=&per_page= with X-Total-Count and Link headers, as GoTrue pages. */
export async function listUsers(call: AuthCall): Promise<ApiResponse> {
  await requireServiceRole(call);
  const page = Math.max(1, Number.parseInt(call.request.query.get('page') ?? '1', 10) || 1);
  const perPage = Math.min(
    1000,
    Math.max(1, Number.parseInt(call.request.query.get('per_page') ?? '50', 10) || 50),
  );
  const { db } = call.app;
  const { rows } = await db.query<UserRow>(
    'select * from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2',
    [perPage, (page - 1) * perPage],
  );
  const count = await db.query<{ total: number }>(
    'select count(*)::int4 as total from auth.users where deleted_at is null',
  );
  const total = Number(count.rows[0]?.total ?? 0);
  const users = await Promise.all(rows.map((user) => loadUserJson(db, user)));
  const base = `${call.app.config.publicUrl}/auth/v1/admin/users`;
  const last = Math.max(1, Math.ceil(total / perPage));
  const links = [`<${base}?page=${last}&per_page=${perPage}>; rel="last"`];
  if (page < last) links.unshift(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  return json({ users, aud: 'authenticated' }, 200, {
    'X-Total-Count': String(total),
    Link: links.join(', '),
  });
}

/** POST /admin/users */
export async function createUser(call: AuthCall): Promise<ApiResponse> {
  await requireServiceRole(call);
  const body = parseBody(call.request, AdminUserBody);
  const email = assertEmail(body.email ?? undefined);
  if (await findUserByEmail(call.app.db, email)) throw emailTaken();
  if (body.password) assertStrongPassword(body.password, call.settings.minPasswordLength);
  // Validate everything before writing: a bad ban_duration must not leave a half-made user.
  const bannedUntil = body.ban_duration ? parseBanDuration(body.ban_duration) : undefined;
  const encryptedPassword = body.password ? await hashPassword(body.password) : null;
  const created = await call.app.db.transaction((tx) =>
    insertUser(tx, {
      email,
      encryptedPassword,
      userMetadata: body.user_metadata ?? {},
      appMetadata: body.app_metadata ?? {},
      confirmed: body.email_confirm === true,
      role: body.role ?? undefined,
    }),
  );
  const user =
    bannedUntil !== undefined
      ? await updateUser(call.app.db, created.id, { banned_until: bannedUntil })
      : created;
  return json(await loadUserJson(call.app.db, user));
}

/** GET /admin/users/:id */
export async function getUserById(
  call: AuthCall,
  params: Record<string, string>,
): Promise<ApiResponse> {
  await requireServiceRole(call);
  return json(await loadUserJson(call.app.db, await userFromParams(call, params)));
}

async function adminPatch(call: AuthCall, user: UserRow, body: AdminUserInput): Promise<UserPatch> {
  const patch: UserPatch = {};
  if (body.email && assertEmail(body.email) !== user.email) {
    if (await findUserByEmail(call.app.db, body.email)) throw emailTaken();
    patch.email = assertEmail(body.email);
  }
  if (body.password) {
    assertStrongPassword(body.password, call.settings.minPasswordLength);
    patch.encrypted_password = await hashPassword(body.password);
  }
  if (body.email_confirm === true && !user.email_confirmed_at)
    patch.email_confirmed_at = new Date();
  if (body.email_confirm === false) patch.email_confirmed_at = null;
  if (body.user_metadata)
    patch.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, body.user_metadata);
  if (body.app_metadata)
    patch.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, body.app_metadata);
  if (body.ban_duration) patch.banned_until = parseBanDuration(body.ban_duration);
  if (body.role) patch.role = body.role;
  return patch;
}

/** PUT /admin/users/:id: e-mail, password, confirmation, metadata (merged), ban, role. */
export async function updateUserById(
  call: AuthCall,
  params: Record<string, string>,
): Promise<ApiResponse> {
  await requireServiceRole(call);
  const user = await userFromParams(call, params);
  const patch = await adminPatch(call, user, parseBody(call.request, AdminUserBody));
  const updated = Object.keys(patch).length ? await updateUser(call.app.db, user.id, patch) : user;
  if (patch.email !== undefined || patch.email_confirmed_at !== undefined)
    await syncEmailIdentity(call.app.db, updated);
  if (patch.banned_until)
    await call.app.db.query('delete from auth.sessions where user_id = $1', [user.id]);
  return json(await loadUserJson(call.app.db, updated));
}

/** DELETE /admin/users/:id: removes the user with its identities, sessions and factors (cascade). */
export async function deleteUserById(
  call: AuthCall,
  params: Record<string, string>,
): Promise<ApiResponse> {
  await requireServiceRole(call);
  const user = await userFromParams(call, params);
  const body = await loadUserJson(call.app.db, user);
  await deleteUser(call.app.db, user.id);
  return json(body);
}
