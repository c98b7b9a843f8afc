import type { Queryable } from '../../db/engine';
import { isoTime, isUuid, jsonObject } from './values';

/**
 * Every statement on storage.objects, the ones storage's database layer runs
 * (src/storage/database/pg.ts). Each runs in the transaction, and so as the role, it is given: as
 * the caller the row-level security policies decide what it finds, writes and deletes.
 */
export interface StoredObject {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  /** What storage records of the file: size, mimetype, cacheControl, eTag, lastModified, … */
  metadata: Record<string, unknown> | null;
  /** What the uploader attached (x-metadata / the metadata field). */
  user_metadata: Record<string, unknown> | null;
  created_at: string | null;
  updated_at: string | null;
  last_accessed_at: string | null;
}

interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: unknown;
  user_metadata: unknown;
  created_at: unknown;
  updated_at: unknown;
  last_accessed_at: unknown;
}

const COLUMNS = `id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at,
  updated_at, last_accessed_at`;

function stored(row: ObjectRow): StoredObject {
  return {
    id: row.id,
    bucket_id: row.bucket_id,
    name: row.name,
    owner: row.owner,
    owner_id: row.owner_id,
    version: row.version,
    metadata: jsonObject(row.metadata),
    user_metadata: jsonObject(row.user_metadata),
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    last_accessed_at: isoTime(row.last_accessed_at),
  };
}

export async function findObject(
  tx: Queryable,
  bucket: string,
  name: string,
  options: { forUpdate?: boolean } = {},
): Promise<StoredObject | undefined> {
  const { rows } = await tx.query<ObjectRow>(
    `select ${COLUMNS} from storage.objects where name = $1 and bucket_id = $2 limit 1${
      options.forUpdate ? ' for update' : ''
    }`,
    [name, bucket],
  );
  return rows[0] && stored(rows[0]);
}

/** Which of `names` exist in `bucket` (for the role: the ones its policies let it see). */
export async function findObjectNames(
  tx: Queryable,
  bucket: string,
  names: readonly string[],
): Promise<Set<string>> {
  const { rows } = await tx.query<{ name: string }>(
    `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
    [bucket, names],
  );
  return new Set(rows.map((r) => r.name));
}

export interface ObjectWrite {
  bucket: string;
  name: string;
  /** The uploader's `sub`: owner_id, and owner when it is a UUID. */
  owner: string | undefined;
  version: string;
  metadata: Record<string, unknown>;
  userMetadata: Record<string, unknown> | undefined;
}

function insertValues(o: ObjectWrite): unknown[] {
  return [
    o.bucket,
    o.name,
    isUuid(o.owner) ? o.owner : null,
    o.owner ?? null,
    JSON.stringify(o.metadata),
    o.userMetadata === undefined ? null : JSON.stringify(o.userMetadata),
    o.version,
  ];
}

const INSERT = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`;

/** A new row; a row of that name fails with 23505 (the unique bucketid_objname index). */
export async function insertObject(tx: Queryable, o: ObjectWrite): Promise<void> {
  await tx.query(INSERT, insertValues(o));
}

/**
 * A new row, or the existing one replaced (storage's upsertObject): metadata, user_metadata and
 * version always, the owner only when the uploader has one (the service key has no sub).
 */
export async function upsertObject(tx: Queryable, o: ObjectWrite): Promise<{ id: string }> {
  const updates = [
    'metadata = excluded.metadata',
    'user_metadata = excluded.user_metadata',
    'version = excluded.version',
  ];
  if (o.owner !== undefined) {
    updates.push('owner_id = excluded.owner_id');
    if (isUuid(o.owner)) updates.push('owner = excluded.owner');
  }
  const { rows } = await tx.query<{ id: string }>(
    `${INSERT} on conflict (bucket_id, name) do update set ${updates.join(', ')} returning id`,
    insertValues(o),
  );
  const row = rows[0];
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** Deletes what the role may of `names`; answers the deleted rows (their versions name the files). */
export async function deleteObjects(
  tx: Queryable,
  bucket: string,
  names: readonly string[],
): Promise<StoredObject[]> {
  const { rows } = await tx.query<ObjectRow>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${COLUMNS}`,
    [bucket, names],
  );
  return rows.map(stored);
}

export const LIST_SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;
export type ListSortColumn = (typeof LIST_SORT_COLUMNS)[number];

export interface ListOptions {
  /** A folder, ending in '/', or '' for the bucket's top level. */
  prefix: string;
  /** The start of the names wanted within the folder. */
  search: string;
  limit: number;
  offset: number;
  sortColumn: ListSortColumn;
  ascending: boolean;
}

/** One entry of a folder listing: a file (with its id and metadata) or a folder (all null). */
export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

/**
 * One level of a bucket, as storage.search answers storage-js's list(): the files directly in
 * `prefix` and its subfolders, named relative to it, matched case-insensitively on prefix + search.
 * By name, folders and files sort together; by another column, folders come first.
 */
export async function listObjects(tx: Queryable, bucket: string, options: ListOptions): Promise<ListEntry[]> {
  const dir = options.ascending ? 'asc' : 'desc';
  // Only LIST_SORT_COLUMNS reach here; the request's value never becomes SQL.
  const order =
    options.sortColumn === 'name'
      ? `lower(name) collate "C" ${dir}, name collate "C" ${dir}`
      : `(id is not null), (case when id is null then lower(name) end) collate "C" ${dir},
         ${options.sortColumn} ${dir}, lower(name) collate "C" ${dir}`;
  const { rows } = await tx.query<ObjectRow>(
    `with matching as (
       select o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
              substr(o.name, char_length($2) + 1) as rest
       from storage.objects o
       where o.bucket_id = $1 and lower(left(o.name, char_length($2 || $3))) = lower($2 || $3)
     ), entries as (
       select distinct split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
       from matching where strpos(rest, '/') > 0
       union all
       select rest, id, updated_at, created_at, last_accessed_at, metadata
       from matching where strpos(rest, '/') = 0
     )
     select name, id, updated_at, created_at, last_accessed_at, metadata from entries
     order by ${order} limit $4 offset $5`,
    [bucket, options.prefix, options.search, options.limit, options.offset],
  );
  return rows.map((row) => ({
    name: row.name,
    id: row.id,
    updated_at: isoTime(row.updated_at),
    created_at: isoTime(row.created_at),
    last_accessed_at: isoTime(row.last_accessed_at),
    metadata: jsonObject(row.metadata),
  }));
}
