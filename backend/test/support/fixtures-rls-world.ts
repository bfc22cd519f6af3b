/**
 * Builds the RLS matrix's world on a running server: the users created through the auth admin
 * API (so the sign-up trigger builds their profiles, subscriptions and b's company exactly as a
 * real sign-up does), the staff records (no area, every area, super admin, one admin per area), the fixture rows of every spec, and one signed-in
 * supabase-js client per actor.
 */
import { randomUUID } from 'node:crypto';
import {
  createClient,
  type SupabaseClient,
  type SupabaseClientOptions,
} from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  AREA_ADMINS,
  AREAS,
  USERS,
  type Actor,
  type AreaAdmin,
  type Row,
  type TableSpec,
  type UserName,
  type World,
} from './fixtures-rls-types.ts';

export interface ServerInfo {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

export interface MatrixContext {
  world: World;
  service: SupabaseClient;
  as: Record<Actor, SupabaseClient>;
}

type RealtimeOptions = NonNullable<SupabaseClientOptions<'public'>['realtime']>;

const clientOptions: SupabaseClientOptions<'public'> = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // Node 20 has no global WebSocket and supabase-js builds its realtime client eagerly.
  realtime: { transport: WebSocket as unknown as RealtimeOptions['transport'] },
};

export const B_COMPANY_NUMBER = '12345678';

/** Every admin area a permission can open (admin_has_permission in the portal's migrations). */
export const ALL_AREAS = {
  users: true,
  verification: true,
  announcements: true,
  inbox: true,
  audit: true,
  analytics: true,
  moderation: true,
  payments: true,
};

const areaAdminMetadata = {} as Record<AreaAdmin, Row>;
for (const name of AREA_ADMINS) {
  areaAdminMetadata[name] = { name: `Area Admin ${name}`, account_type: 'professional' };
}

const metadata: Record<UserName, Row> = {
  p1: { name: 'Priya One', account_type: 'professional', selected_plan: 'pro' },
  p2: { name: 'Paul Two', account_type: 'professional' },
  b: {
    name: 'Bea Business',
    account_type: 'business',
    company: 'B Trading Ltd',
    company_data: {
      company_number: B_COMPANY_NUMBER,
      company_name: 'B TRADING LTD',
      company_type: 'ltd',
    },
  },
  admin0: { name: 'Otto Admin', account_type: 'professional' },
  admin: { name: 'Ada Admin', account_type: 'professional' },
  super: { name: 'Sam Super', account_type: 'professional' },
  ...areaAdminMetadata,
};

/** Throws with the PostgREST/GoTrue message when a setup call fails: setup must never fail silently. */
export function must<T>(result: { data: T; error: { message: string } | null }, what: string): T {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  return result.data;
}

export function newClient(server: ServerInfo, key: string): SupabaseClient {
  return createClient(server.url, key, clientOptions);
}

/**
 * Marks a business's company verified, as staff approving it would; a business without a company
 * record gets one (a made-up number, TS + 6 digits). Unverified businesses cannot publish
 * projects, write first or request calls (decision 0167).
 */
export async function verifyBusiness(service: SupabaseClient, userId: string): Promise<void> {
  const now = new Date().toISOString();
  const verified = { verification_status: 'verified', verified_at: now, reviewed_at: now };
  const updated = must(
    await service.from('companies').update(verified).eq('owner_id', userId).select('id'),
    'verify company',
  ) as { id: string }[];
  if (updated.length > 0) return;
  const number = `TS${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
  const company = must(
    await service
      .from('companies')
      .insert({
        owner_id: userId,
        company_number: number,
        company_name: `Business ${number} Ltd`,
        ...verified,
      })
      .select('id')
      .single(),
    'add company',
  ) as { id: string };
  must(
    await service.from('profiles').update({ company_id: company.id }).eq('id', userId),
    'link company',
  );
}

/**
 * Creates a confirmed user through the admin API and returns a client signed in as them. A
 * business named without company_data gets a verified company (verifyBusiness), so it can post
 * and message; one with company_data keeps what the sign-up trigger made of it.
 */
export async function createSignedInUser(
  server: ServerInfo,
  service: SupabaseClient,
  email: string,
  userMetadata: Row,
): Promise<{ id: string; client: SupabaseClient }> {
  const password = `Pw-${randomUUID()}`;
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: userMetadata,
  });
  if (created.error) throw new Error(`create ${email}: ${created.error.message}`);
  if (userMetadata.account_type === 'business' && !('company_data' in userMetadata)) {
    await verifyBusiness(service, created.data.user.id);
  }
  const client = newClient(server, server.anonKey);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw new Error(`sign in ${email}: ${signedIn.error.message}`);
  return { id: created.data.user.id, client };
}

export async function buildWorld(
  server: ServerInfo,
  specs: readonly TableSpec[],
): Promise<MatrixContext> {
  const service = newClient(server, server.serviceRoleKey);
  const run = randomUUID().slice(0, 8);
  const user = {} as Record<UserName, string>;
  const as = { anon: newClient(server, server.anonKey) } as Record<Actor, SupabaseClient>;
  for (const name of USERS) {
    const made = await createSignedInUser(
      server,
      service,
      `${name}-${run}@example.com`,
      metadata[name],
    );
    user[name] = made.id;
    as[name] = made.client;
  }
  // b signed up with a company number (pending, as the sign-up trigger leaves it); staff approve it.
  await verifyBusiness(service, user.b);
  const ids = new Map<string, string>();
  const world: World = {
    user,
    id: (label) => ids.get(label) ?? ids.set(label, randomUUID()).get(label)!,
    me: (actor) => (actor === 'anon' ? null : user[actor]),
  };

  must(
    await service.from('admin_users').insert([
      { user_id: user.admin0, role: 'admin', permissions: {} },
      { user_id: user.admin, role: 'admin', permissions: ALL_AREAS },
      { user_id: user.super, role: 'super_admin', permissions: {} },
      // one admin per area, holding only that area: the matrix checks every area on every table.
      ...AREAS.map((area, i) => ({
        user_id: user[AREA_ADMINS[i]],
        role: 'admin',
        permissions: { [area]: true },
      })),
    ]),
    'seed admin_users',
  );
  const company = must(
    await service.from('profiles').select('company_id').eq('id', user.b).single(),
    "read b's company link",
  ) as { company_id: string | null };
  if (!company.company_id) throw new Error('the sign-up trigger did not link b to a company');
  ids.set('company-b', company.company_id);

  for (const spec of specs) {
    // One row at a time: a bulk insert would send null for columns another row sets (PostgREST rule).
    for (const row of spec.seed?.(world) ?? []) {
      must(await service.from(spec.table).insert(row), `seed ${spec.table}`);
    }
  }
  return { world, service, as };
}
