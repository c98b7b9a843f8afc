import type { Queryable } from '../../db/engine';
import { isoTime, isUuid, numberOrNull } from './values';

/** Every statement on storage.buckets; each runs in the transaction (and as the role) it is given. */
export interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  type: string;
  created_at: string | null;
  updated_at: string | null;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean | null;
  type: string;
  created_at: unknown;
  updated_at: unknown;
  file_size_limit: unknown;
  allowed_mime_types: string[] | null;
}

const COLUMNS = `id, name, owner, public, type::text as type, created_at, updated_at, file_size_limit,
  allowed_mime_types`;

function bucket(row: BucketRow): Bucket {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner,
    public: row.public ?? false,
    type: row.type,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    file_size_limit: numberOrNull(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
  };
}

export async function findBucket(
  tx: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<Bucket | undefined> {
  const { rows } = await tx.query<BucketRow>(
    `select ${COLUMNS} from storage.buckets where id = $1${options.forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] && bucket(rows[0]);
}

export const BUCKET_SORT_COLUMNS = ['id', 'name', 'created_at', 'updated_at'] as const;
export type BucketSortColumn = (typeof BUCKET_SORT_COLUMNS)[number];

export interface ListBucketsOptions {
  limit?: number | undefined;
  offset?: number | undefined;
  sortColumn?: BucketSortColumn | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
  search?: string | undefined;
}

/** Storage's listBuckets: a name search, an optional sort and paging; no order unless asked. */
export async function listBuckets(tx: Queryable, options: ListBucketsOptions): Promise<Bucket[]> {
  const values: unknown[] = [];
  let sql = `select ${COLUMNS} from storage.buckets`;
  if (options.search) {
    values.push(`%${options.search.replace(/[\\%_]/g, '\\$&')}%`);
    sql += ` where name ilike $${values.length}`;
  }
  // The column comes from BUCKET_SORT_COLUMNS, never from the request as typed.
  if (options.sortColumn)
    sql += ` order by ${options.sortColumn} ${options.sortOrder === 'desc' ? 'desc' : 'asc'}`;
  if (options.limit !== undefined) {
    values.push(options.limit);
    sql += ` limit $${values.length}`;
  }
  if (options.offset !== undefined) {
    values.push(options.offset);
    sql += ` offset $${values.length}`;
  }
  const { rows } = await tx.query<BucketRow>(sql, values);
  return rows.map(bucket);
}

export interface NewBucket {
  id: string;
  name: string;
  /** The creator's `sub`: owner_id, and owner when it is a UUID. */
  owner: string | undefined;
  public: boolean;
  fileSizeLimit: number | null | undefined;
  allowedMimeTypes: string[] | null | undefined;
}

export async function insertBucket(tx: Queryable, b: NewBucket): Promise<void> {
  await tx.query(
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
     values ($1, $2, $3, $4, $5, $6, $7, 'STANDARD')`,
    [
      b.id,
      b.name,
      isUuid(b.owner) ? b.owner : null,
      b.owner ?? null,
      b.public,
      b.fileSizeLimit ?? null,
      b.allowedMimeTypes ?? null,
    ],
  );
}

export interface BucketChanges {
  public?: boolean | undefined;
  fileSizeLimit?: number | null | undefined;
  allowedMimeTypes?: string[] | null | undefined;
}

/** Changes what is given (at least one); false when no row (visible to the role) has that id. */
export async function updateBucket(tx: Queryable, id: string, changes: BucketChanges): Promise<boolean> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (changes.public !== undefined) set('public', changes.public);
  if (changes.fileSizeLimit !== undefined) set('file_size_limit', changes.fileSizeLimit);
  if (changes.allowedMimeTypes !== undefined) set('allowed_mime_types', changes.allowedMimeTypes);
  const { rows } = await tx.query(
    `update storage.buckets set ${sets.join(', ')} where id = $1 returning id`,
    values,
  );
  return rows.length > 0;
}

export async function deleteBucket(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query(`delete from storage.buckets where id = $1 returning id`, [id]);
  return rows.length > 0;
}

export async function bucketHasObjects(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query<{ found: boolean }>(
    `select exists (select 1 from storage.objects where bucket_id = $1) as found`,
    [id],
  );
  return rows[0]?.found === true;
}
