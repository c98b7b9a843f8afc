/**
 * Bucket ids and object keys. Storage accepts only S3-safe characters (supabase/storage
 * src/storage/limits.ts: VALID_BUCKET_NAME, VALID_OBJECT_KEY; bucket names of 1 to 100 characters).
 * The local server is stricter on keys: no empty, `.` or `..` segment (so no leading or doubled `/`
 * either) and at most 1024 bytes, S3's limit. Files are stored under their version's UUID, never
 * under the key (blob-store.ts), so a key cannot reach the file system whatever it holds; the
 * guard keeps keys that would mean a different path to a client or a proxy out of the bucket.
 */

// Hyphen last, so it stays a literal.
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;
const MAX_KEY_BYTES = 1024;
const MAX_BUCKET_NAME = 100;

export function isValidBucketName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= MAX_BUCKET_NAME &&
    VALID_BUCKET_NAME.test(name) &&
    name !== '.' &&
    name !== '..'
  );
}

export function isValidObjectKey(key: string): boolean {
  if (key.length === 0 || Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return false;
  if (!VALID_OBJECT_KEY.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/**
 * A URL path below a route (`folder/a%20b.pdf`) as the key it names (`folder/a b.pdf`), each
 * segment percent-decoded as fastify decodes route parameters; undefined when the encoding is broken.
 */
export function decodePath(raw: string): string | undefined {
  try {
    return raw
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    return undefined;
  }
}
