import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { storageError } from './errors';

/**
 * The token of a signed URL, as storage makes and checks it (src/storage/object.ts signObjectUrl and
 * verifyObjectSignature, src/internal/auth/jwt.ts): an HS256 JWT signed with the project's JWT secret
 * (a project without a separate URL-signing key), claims `{ url: '<bucket>/<key>', scope:
 * 'download', iat, exp }`. It opens that one object until `exp`; a token of another scope (an upload
 * token, or an unscoped one carrying `upsert`) or for another path is refused.
 */
export const DOWNLOAD_SCOPE = 'download';

/**
 * The longest lifetime storage signs, in seconds from now: an `exp` that still fits a JavaScript
 * date (MAX_ABSOLUTE_JWT_EXPIRATION_SECONDS in jwt.ts).
 */
export function maxExpiresIn(nowMs = Date.now()): number {
  return Math.max(0, Math.floor(Number.MAX_SAFE_INTEGER / 1000) - Math.floor(nowMs / 1000));
}

/** assertValidNumericJWTExpiration: a whole number of seconds, at least 1, within maxExpiresIn. */
export function checkExpiresIn(expiresIn: number): number {
  const seconds = Math.floor(expiresIn);
  if (
    !Number.isFinite(expiresIn) ||
    !Number.isSafeInteger(seconds) ||
    seconds < 1 ||
    seconds > maxExpiresIn()
  ) {
    throw storageError.invalidParameter('expiresIn');
  }
  return seconds;
}

export async function signDownloadToken(secret: string, url: string, expiresIn: number): Promise<string> {
  return new SignJWT({ url, scope: DOWNLOAD_SCOPE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(`${checkExpiresIn(expiresIn)}s`)
    .sign(new TextEncoder().encode(secret));
}

/** The url and expiry of a valid download token for `url`; storage's error otherwise. */
export async function verifyDownloadToken(
  secret: string,
  token: string,
  url: string,
): Promise<{ url: string; exp: number | undefined }> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] }));
  } catch (error) {
    // jose's own words, as storage passes them on ('"exp" claim timestamp check failed',
    // 'signature verification failed', 'Invalid Compact JWS').
    throw storageError.invalidJwt(
      error instanceof joseErrors.JOSEError ? error.message : 'Invalid Compact JWS',
    );
  }
  const scope = payload['scope'];
  const downloadScoped = scope === DOWNLOAD_SCOPE || (scope === undefined && !('upsert' in payload));
  if (!downloadScoped) throw storageError.invalidSignature(`Token is not scoped for ${DOWNLOAD_SCOPE}`);
  if (payload['url'] !== url) throw storageError.invalidSignature();
  const exp = typeof payload['exp'] === 'number' ? payload['exp'] : undefined;
  return { url, exp };
}
