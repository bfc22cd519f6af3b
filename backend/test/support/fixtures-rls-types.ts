/**
 * Types of the data-driven RLS matrix: who (actor) may do what (select, insert, update, delete)
 * to which rows of each table. The specs live in fixtures-rls-matrix-*.ts; the runner in
 * rls-matrix.test.ts.
 */
/** The management portal's areas (admin_has_permission), as shared/src/admin/admin-check.ts lists them. */
export const AREAS = [
  'users',
  'verification',
  'announcements',
  'inbox',
  'audit',
  'analytics',
  'moderation',
  'payments',
] as const;
export type Area = (typeof AREAS)[number];
export type AreaAdmin = `${Area}_admin`;
/** One admin per area, holding that area's permission and no other. */
export const AREA_ADMINS: readonly AreaAdmin[] = AREAS.map((area): AreaAdmin => `${area}_admin`);
export const USERS = ['p1', 'p2', 'b', 'admin0', 'admin', 'super', ...AREA_ADMINS] as const;
export type UserName = (typeof USERS)[number];
export type Actor = 'anon' | UserName;
export const ACTORS: readonly Actor[] = ['anon', ...USERS];
/** Every signed-in actor. */
export const SIGNED_IN: readonly Actor[] = USERS;
/**
 * Staff: any active admin_users row: admin0 (an admin with no area permissions), admin (every
 * area), super (super_admin) and one admin per area (users_admin, inbox_admin, ...).
 */
export const STAFF: readonly Actor[] = ['admin0', 'admin', 'super', ...AREA_ADMINS];
/** Staff holding the area's permission: that area's admin, the admin with every area, and super. */
export const permitted = (area: Area): Actor[] => ['admin', `${area}_admin`, 'super'];

export type Row = Record<string, unknown>;

/** The seeded world: user ids by name and stable ids for fixture rows, by label. */
export interface World {
  user: Record<UserName, string>;
  /** A uuid per label, the same for the whole suite. */
  id(label: string): string;
  /** The caller's own user id, or null for anon. */
  me(actor: Actor): string | null;
}

export interface SelectCase {
  label: string;
  /** Primary-key values of one fixture row. */
  key: (w: World) => Row;
  /** Exactly the actors that can see it. */
  actors: readonly Actor[];
}

export interface InsertCase {
  label: string;
  /** The row the actor tries to insert (with its primary key set, so it can be found and removed). */
  row: (w: World, actor: Actor) => Row;
  /** Key of a fixture row set aside during the attempt (e.g. one that a unique rule would hit). */
  stash?: (w: World) => Row;
  allowed: readonly Actor[];
}

export interface MutateCase {
  label: string;
  /**
   * The target: a fixture row by key, or a full disposable row that the service role inserts
   * before the attempt and removes afterwards.
   */
  row: (w: World) => Row;
  allowed: readonly Actor[];
}

export interface UpdateCase extends MutateCase {
  /** Columns the actor tries to set; all must differ from the target's current values. */
  patch: (w: World) => Row;
}

export interface TableSpec {
  table: string;
  /** Primary-key columns. */
  key: readonly string[];
  /** Rows the service role inserts, in order, before the matrix runs. */
  seed?: (w: World) => Row[];
  select: readonly SelectCase[];
  insert: readonly InsertCase[];
  update: readonly UpdateCase[];
  delete: readonly MutateCase[];
}

/** Actors except the ones listed. */
export const except = (...actors: Actor[]): Actor[] => ACTORS.filter((a) => !actors.includes(a));
