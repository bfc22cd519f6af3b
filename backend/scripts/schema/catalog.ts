/** Reads a migrated database's catalogue into ordered, readable blocks (see render.ts). */
import type { Queryable } from '../../src/db/types.ts';
import {
  bucketsSql,
  defaultPrivilegesSql,
  eventTriggersSql,
  extensionsSql,
  functionsSql,
  publicationsSql,
  publicSchemaGrantsSql,
  relationsSql,
  rolesSql,
  schemasSql,
  sequencesSql,
  typesSql,
} from './catalog-queries.ts';
import {
  bucketsBlock,
  defaultPrivilegesBlock,
  eventTriggerBlock,
  extensionBlock,
  functionBlocks,
  publicationBlock,
  roleBlock,
  schemaBlock,
  sequenceBlock,
  typeBlock,
  type BucketRow,
  type DefaultPrivilegeRow,
  type FunctionRow,
  type PublicationRow,
  type RoleRow,
  type SequenceRow,
  type TypeRow,
} from './objects.ts';
import { relationBlock, type RelationRow } from './relations.ts';
import { clusterBlock, grantLines, type Block, type Grant } from './render.ts';

async function rows<Row>(db: Queryable, sql: string): Promise<Row[]> {
  return (await db.query<Row>(sql)).rows;
}

async function clusterBlocks(db: Queryable): Promise<Block[]> {
  const [publicGrants] = await rows<{ grants: Grant[] }>(db, publicSchemaGrantsSql);
  const defaults = await rows<DefaultPrivilegeRow>(db, defaultPrivilegesSql);
  return [
    ...(await rows<RoleRow>(db, rolesSql)).map(roleBlock),
    ...(await rows<{ name: string; comment: string | null; grants: Grant[] }>(db, schemasSql)).map(
      schemaBlock,
    ),
    clusterBlock('schema', 'public', grantLines(publicGrants?.grants ?? [], 'schema public')),
    ...(await rows<{ name: string; schema: string }>(db, extensionsSql)).map(extensionBlock),
    ...(defaults.length > 0 ? [defaultPrivilegesBlock(defaults)] : []),
    ...(await rows<PublicationRow>(db, publicationsSql)).map(publicationBlock),
    ...(
      await rows<{ name: string; event: string; function: string; tags: string[] }>(
        db,
        eventTriggersSql,
      )
    ).map(eventTriggerBlock),
  ];
}

/** Reference rows that give policies their meaning; they follow the tables. */
async function rowBlocks(db: Queryable): Promise<Block[]> {
  const present = await rows<{ present: boolean }>(
    db,
    `select to_regclass('storage.buckets') is not null as present`,
  );
  const buckets = present[0]?.present ? await rows<BucketRow>(db, bucketsSql) : [];
  return buckets.length > 0 ? [bucketsBlock(buckets)] : [];
}

/** Every object of the schema, in a fixed order: kind by kind, then by schema and name. */
export async function readSchemaBlocks(db: Queryable): Promise<Block[]> {
  return [
    ...(await clusterBlocks(db)),
    ...(await rows<TypeRow>(db, typesSql)).map(typeBlock),
    ...(await rows<SequenceRow>(db, sequencesSql)).map(sequenceBlock),
    ...(await rows<RelationRow>(db, relationsSql)).map(relationBlock),
    ...(await rowBlocks(db)),
    ...functionBlocks(await rows<FunctionRow>(db, functionsSql)),
  ];
}
