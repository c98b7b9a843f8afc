import { mkdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where the bytes of stored objects live. As the storage server keeps each upload under a new
 * version (its S3 or file backend key ends in the row's `version`), a file is stored under that
 * version's UUID: a replaced object's new bytes never overwrite the old ones, which are deleted
 * once the database has moved on to the new version. Object keys never become file names.
 */
export interface BlobStore {
  put(version: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when there are none (a file removed by hand). */
  get(version: string): Promise<Buffer | undefined>;
  delete(versions: readonly string[]): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function checked(version: string): string {
  // Versions are made by the server; anything else in the column (SQL run by hand) is never a path.
  if (!UUID.test(version)) throw new Error(`not a storage version: ${version}`);
  return version;
}

/** Files in `dir` (`<data dir>/storage`), written whole before they are renamed into place. */
export function diskBlobStore(dir: string): BlobStore {
  mkdirSync(dir, { recursive: true });
  const path = (version: string) => join(dir, checked(version));
  return {
    async put(version, bytes) {
      const target = path(version);
      await writeFile(`${target}.partial`, bytes);
      await rename(`${target}.partial`, target);
    },
    async get(version) {
      if (!UUID.test(version)) return undefined;
      try {
        return await readFile(path(version));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(versions) {
      await Promise.all(versions.filter((v) => UUID.test(v)).map((v) => rm(path(v), { force: true })));
    },
  };
}

/** For `--memory` servers: the files go with the process, as the database does. */
export function memoryBlobStore(): BlobStore {
  const files = new Map<string, Buffer>();
  return {
    async put(version, bytes) {
      files.set(checked(version), Buffer.from(bytes));
    },
    async get(version) {
      return files.get(version);
    },
    async delete(versions) {
      for (const v of versions) files.delete(v);
    },
  };
}
