import { createHmac } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

/** The Supabase CLI's well-known local credentials (public by design). */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const DEFAULT_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const DEFAULT_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

export interface Keys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
}

export type JwtClaims = Record<string, unknown> & { role?: unknown; sub?: unknown; exp?: unknown };

export type VerifyResult =
  | { ok: true; claims: JwtClaims }
  | { ok: false; reason: 'malformed' | 'expired' | 'signature' | 'claims'; message: string };

/** Signs the CLI-style API key for a role (claims iss, role, exp in that order, as the CLI does). */
async function signApiKey(role: string, secret: Uint8Array): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role, exp: 1983812996 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secret);
}

/**
 * An opaque `sb_publishable_…` / `sb_secret_…` key tied to a custom JWT secret: the same secret always
 * gives the same keys, and nobody who lacks the secret can guess them. Shaped like the CLI's keys
 * (22 random-looking characters, `_`, an 8-character tail).
 */
function deriveOpaqueKey(prefix: 'sb_publishable_' | 'sb_secret_', jwtSecret: string): string {
  const mac = createHmac('sha256', jwtSecret).update(prefix).digest('base64url');
  return `${prefix}${mac.slice(0, 22)}_${mac.slice(22, 30)}`;
}

/**
 * Resolves the keys the server accepts. With a custom secret nothing well-known stays valid: the anon
 * and service_role JWTs are signed with it, and the opaque keys are derived from it, unless each is
 * given explicitly.
 */
export async function resolveKeys(overrides: Partial<Keys> = {}): Promise<Keys> {
  const jwtSecret = overrides.jwtSecret ?? DEFAULT_JWT_SECRET;
  const secretBytes = new TextEncoder().encode(jwtSecret);
  const custom = jwtSecret !== DEFAULT_JWT_SECRET;
  return {
    jwtSecret,
    anonKey: overrides.anonKey ?? (custom ? await signApiKey('anon', secretBytes) : DEFAULT_ANON_KEY),
    serviceRoleKey:
      overrides.serviceRoleKey ??
      (custom ? await signApiKey('service_role', secretBytes) : DEFAULT_SERVICE_ROLE_KEY),
    publishableKey:
      overrides.publishableKey ??
      (custom ? deriveOpaqueKey('sb_publishable_', jwtSecret) : DEFAULT_PUBLISHABLE_KEY),
    secretKey:
      overrides.secretKey ?? (custom ? deriveOpaqueKey('sb_secret_', jwtSecret) : DEFAULT_SECRET_KEY),
  };
}

/** HS256 verification with a small cache: every REST call re-sends the same token. */
export class JwtVerifier {
  private readonly secret: Uint8Array;
  private readonly cache = new Map<string, JwtClaims>();

  constructor(jwtSecret: string) {
    this.secret = new TextEncoder().encode(jwtSecret);
  }

  async verify(token: string): Promise<VerifyResult> {
    const parts = token.split('.');
    if (parts.length !== 3) {
      return { ok: false, reason: 'malformed', message: `Expected 3 parts in JWT; got ${parts.length}` };
    }
    const cached = this.cache.get(token);
    if (cached) {
      if (typeof cached.exp === 'number' && cached.exp * 1000 <= Date.now()) {
        this.cache.delete(token);
        return { ok: false, reason: 'expired', message: 'JWT expired' };
      }
      return { ok: true, claims: cached };
    }
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      const claims = payload as JwtClaims;
      if (this.cache.size > 2000) this.cache.clear();
      this.cache.set(token, claims);
      return { ok: true, claims };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired)
        return { ok: false, reason: 'expired', message: 'JWT expired' };
      if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
        return { ok: false, reason: 'signature', message: 'JWT cryptographic operation failed' };
      }
      if (error instanceof joseErrors.JOSEAlgNotAllowed) {
        return { ok: false, reason: 'signature', message: 'No suitable key or wrong key type' };
      }
      if (error instanceof joseErrors.JWTClaimValidationFailed) {
        return { ok: false, reason: 'claims', message: error.message };
      }
      return { ok: false, reason: 'malformed', message: 'JWT cryptographic operation failed' };
    }
  }
}

/**
 * Kong's Authorization mapping on `supabase start` (protocol §2): a request's own non-sb_ bearer
 * wins; otherwise the new-style secret/publishable keys become the service_role/anon JWTs; otherwise
 * the apikey itself is the bearer.
 */
export function mapAuthorization(
  keys: Keys,
  authorization: string | undefined,
  apikey: string | undefined,
): string | undefined {
  if (authorization && !/^bearer sb_/i.test(authorization)) {
    const m = /^bearer\s+(.+)$/i.exec(authorization.trim());
    return m ? m[1] : authorization.trim();
  }
  const key = apikey ?? (authorization ? authorization.replace(/^bearer\s+/i, '') : undefined);
  if (key === keys.secretKey) return keys.serviceRoleKey;
  if (key === keys.publishableKey) return keys.anonKey;
  return key;
}

/** Maps an sb_ apikey to its JWT, leaving anything else as is (used for the realtime query parameter). */
export function mapApiKey(keys: Keys, apikey: string): string {
  if (apikey === keys.secretKey) return keys.serviceRoleKey;
  if (apikey === keys.publishableKey) return keys.anonKey;
  return apikey;
}

/**
 * Kong's key-auth: one of the project's four keys, or an API key signed with the project's secret
 * (role anon or service_role, no subject). A user's session token is not a key.
 */
export async function isProjectKey(keys: Keys, verifier: JwtVerifier, apikey: string): Promise<boolean> {
  if ([keys.anonKey, keys.serviceRoleKey, keys.publishableKey, keys.secretKey].includes(apikey)) return true;
  const result = await verifier.verify(apikey);
  return (
    result.ok &&
    (result.claims.role === 'anon' || result.claims.role === 'service_role') &&
    result.claims.sub === undefined
  );
}

/** The service_role or sb_secret_ key, in apikey or as the bearer (after the usual mapping). */
export async function holdsServiceKey(
  keys: Keys,
  verifier: JwtVerifier,
  apikey: string | undefined,
  authorization: string | undefined,
): Promise<boolean> {
  const bearer = mapAuthorization(keys, authorization, apikey);
  if (!bearer) return false;
  const result = await verifier.verify(bearer);
  return result.ok && result.claims.role === 'service_role';
}
