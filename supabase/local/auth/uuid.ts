const CANONICAL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HASH_LIKE = /^[0-9a-f]{32}$/i;
const URN_PREFIX = 'urn:uuid:';

/**
 * A UUID in any spelling GoTrue's uuid.FromString (gofrs/uuid) accepts: canonical, 32 hex digits,
 * either one in braces or behind `urn:uuid:`, in any letter case. Returns the one canonical
 * lower-case form, or null, so that every spelling of an id is one key (for lookups and limits alike).
 */
export function parseUuid(text: string): string | null {
  let body = text;
  if (body.slice(0, URN_PREFIX.length).toLowerCase() === URN_PREFIX) body = body.slice(URN_PREFIX.length);
  else if (body.startsWith('{') && body.endsWith('}')) body = body.slice(1, -1);
  if (HASH_LIKE.test(body)) {
    body = [body.slice(0, 8), body.slice(8, 12), body.slice(12, 16), body.slice(16, 20), body.slice(20)].join(
      '-',
    );
  }
  return CANONICAL.test(body) ? body.toLowerCase() : null;
}
