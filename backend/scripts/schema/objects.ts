/** Renders every object that is not a table or view: roles, schemas, types, functions, ... */
import {
  block,
  clusterBlock,
  commentLine,
  grantLines,
  literal,
  q,
  qualified,
  type Block,
  type Grant,
} from './render.ts';

export interface RoleRow {
  name: string;
  login: boolean;
  inherit: boolean;
  bypassrls: boolean;
  superuser: boolean;
  createrole: boolean;
  member_of: string[];
}
export function roleBlock(row: RoleRow): Block {
  const flags = [
    row.login ? 'login' : 'nologin',
    row.inherit ? 'inherit' : 'noinherit',
    ...(row.bypassrls ? ['bypassrls'] : []),
    ...(row.superuser ? ['superuser'] : []),
    ...(row.createrole ? ['createrole'] : []),
  ];
  return clusterBlock('role', row.name, [
    `create role ${q(row.name)} ${flags.join(' ')};`,
    ...row.member_of.map((group) => `grant ${q(group)} to ${q(row.name)};`),
  ]);
}

export function schemaBlock(row: { name: string; comment: string | null; grants: Grant[] }): Block {
  return clusterBlock('schema', row.name, [
    `create schema ${q(row.name)};`,
    ...grantLines(row.grants, `schema ${q(row.name)}`),
    ...commentLine(`schema ${q(row.name)}`, row.comment),
  ]);
}

export function extensionBlock(row: { name: string; schema: string }): Block {
  return clusterBlock('extension', row.name, [
    `create extension ${q(row.name)} with schema ${q(row.schema)};`,
  ]);
}

export interface DefaultPrivilegeRow {
  role: string;
  schema: string | null;
  object_type: string;
  grants: Grant[];
}
export function defaultPrivilegesBlock(rows: DefaultPrivilegeRow[]): Block {
  const lines = rows.flatMap((row) =>
    grantLines(row.grants, row.object_type).map(
      (grant) =>
        `alter default privileges for role ${q(row.role)}${row.schema ? ` in schema ${q(row.schema)}` : ''} ${grant}`,
    ),
  );
  return clusterBlock('default privileges', '', lines);
}

export interface PublicationRow {
  name: string;
  all_tables: boolean;
  ins: boolean;
  upd: boolean;
  del: boolean;
  trunc: boolean;
}
export function publicationBlock(row: PublicationRow): Block {
  const publish = [
    row.ins && 'insert',
    row.upd && 'update',
    row.del && 'delete',
    row.trunc && 'truncate',
  ]
    .filter(Boolean)
    .join(', ');
  return clusterBlock('publication', row.name, [
    `create publication ${q(row.name)}${row.all_tables ? ' for all tables' : ''} with (publish = '${publish}');`,
    '-- its tables are listed under each table ("alter publication ... add table"); the local',
    '-- backend gives each one an AFTER ROW trigger, realtime.notify_change, when it starts.',
  ]);
}

export interface TypeRow {
  schema: string;
  name: string;
  kind: 'e' | 'd' | 'c';
  labels: string[];
  attributes: string[];
  base_type: string | null;
  not_null: boolean;
  default_value: string | null;
  checks: string[];
  comment: string | null;
}
export function typeBlock(row: TypeRow): Block {
  const target = qualified(row.schema, row.name);
  let head: string;
  if (row.kind === 'e')
    head = `create type ${target} as enum (${row.labels.map(literal).join(', ')});`;
  else if (row.kind === 'c')
    head = `create type ${target} as (\n  ${row.attributes.join(',\n  ')}\n);`;
  else {
    const extras = [
      ...(row.default_value !== null ? [`default ${row.default_value}`] : []),
      ...(row.not_null ? ['not null'] : []),
      ...row.checks,
    ];
    head = `create domain ${target} as ${row.base_type}${extras.map((e) => `\n  ${e}`).join('')};`;
  }
  const kind = { e: 'enum', d: 'domain', c: 'type' }[row.kind];
  return block(kind, row.schema, row.name, [head, ...commentLine(`type ${target}`, row.comment)]);
}

export interface SequenceRow {
  schema: string;
  name: string;
  data_type: string;
  start_value: string;
  increment_by: string;
  min_value: string;
  max_value: string;
  cache_size: string;
  cycle: boolean;
  grants: Grant[];
}
export function sequenceBlock(row: SequenceRow): Block {
  const target = qualified(row.schema, row.name);
  return block('sequence', row.schema, row.name, [
    `create sequence ${target} as ${row.data_type} start ${row.start_value} increment ${row.increment_by}` +
      ` minvalue ${row.min_value} maxvalue ${row.max_value} cache ${row.cache_size}${row.cycle ? ' cycle' : ''};`,
    ...grantLines(row.grants, `sequence ${target}`),
  ]);
}

export interface FunctionRow {
  schema: string;
  name: string;
  identity_args: string;
  kind: 'function' | 'procedure';
  definition: string;
  comment: string | null;
  default_acl: boolean;
  grants: Grant[];
}
export function functionLines(row: FunctionRow): string[] {
  const target = `${row.kind} ${qualified(row.schema, row.name)}(${row.identity_args})`;
  const publicKeeps = row.default_acl || row.grants.some((g) => g.grantee === 'public');
  return [
    `${row.definition.trimEnd()};`,
    // A new function is executable by PUBLIC until revoked, so say when that was revoked.
    ...(publicKeeps ? [] : [`revoke execute on ${target} from public;`]),
    ...grantLines(
      row.grants.filter((g) => !(row.default_acl && g.grantee === 'public')),
      target,
    ),
    ...commentLine(target, row.comment),
  ];
}

/** Overloads of one name share a block: they are read (and replaced) together. */
export function functionBlocks(rows: FunctionRow[]): Block[] {
  const byName = new Map<string, FunctionRow[]>();
  for (const row of rows) {
    const key = `${row.schema}.${row.name}`;
    byName.set(key, [...(byName.get(key) ?? []), row]);
  }
  return [...byName.values()].map((overloads) =>
    block(
      overloads[0].kind,
      overloads[0].schema,
      overloads[0].name,
      overloads.flatMap((row, i) => [...(i > 0 ? [''] : []), ...functionLines(row)]),
    ),
  );
}

export function eventTriggerBlock(row: {
  name: string;
  event: string;
  function: string;
  tags: string[];
}): Block {
  const when = row.tags.length > 0 ? ` when tag in (${row.tags.map(literal).join(', ')})` : '';
  return clusterBlock('event trigger', row.name, [
    `create event trigger ${q(row.name)} on ${row.event}${when} execute function ${row.function}();`,
  ]);
}

export interface BucketRow {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[];
}
export function bucketsBlock(rows: BucketRow[]): Block {
  const value = (row: BucketRow) =>
    `  (${literal(row.id)}, ${literal(row.name)}, ${row.public}, ${row.file_size_limit ?? 'null'}, ` +
    `${row.allowed_mime_types.length > 0 ? `array[${row.allowed_mime_types.map(literal).join(', ')}]` : 'null'})`;
  const lines = [
    '-- rows the migrations insert; a bucket is what the storage policies test bucket_id against',
    'insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values',
    `${rows.map(value).join(',\n')};`,
  ];
  return { ...block('rows', 'storage', 'buckets', lines), title: 'rows of storage.buckets' };
}
