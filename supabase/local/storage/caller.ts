import type { Database } from '../db/engine';
import type { GatewayRequest } from '../gateway/http';
import type { JwtClaims, JwtVerifier } from '../gateway/keys';
import { storageError } from './errors';

/**
 * Who a storage request comes from, as storage's jwt plugin (src/http/plugins/jwt.ts) decides it:
 * the bearer token (after the gateway's key mapping) verified with the project's JWT secret; its
 * `role` claim is the database role the request runs as ('anon' when it has none) and its `sub`
 * the owner of what it uploads.
 */
export interface Caller {
  role: string;
  claims: JwtClaims;
  /** The token as sent ('' without one), for request.jwt. */
  jwt: string;
  /** The `sub` claim: the uploader recorded in owner_id (and owner when it is a UUID). */
  sub: string | undefined;
  /** Whether a valid token came with the request (public routes also serve callers without one). */
  authenticated: boolean;
}

/** Storage's own "superuser" for lookups that skip RLS: the service key's role. */
export const SERVICE_ROLE: Caller = {
  role: 'service_role',
  claims: { role: 'service_role' },
  jwt: '',
  sub: undefined,
  authenticated: true,
};

/** A request without a (valid) token. */
export const ANONYMOUS: Caller = {
  role: 'anon',
  claims: { role: 'anon' },
  jwt: '',
  sub: undefined,
  authenticated: false,
};

/** jose's words for each failure, which storage passes on as the AccessDenied message. */
const JOSE_MESSAGES = {
  malformed: 'Invalid Compact JWS',
  expired: '"exp" claim timestamp check failed',
  signature: 'signature verification failed',
} as const;

export class Authenticator {
  private roles: Set<string> | undefined;

  constructor(
    private readonly db: Database,
    private readonly verifier: JwtVerifier,
  ) {}

  /**
   * The caller of `req`. Without a valid token a route that serves public files (`optional`) goes
   * on as anon; every other route answers AccessDenied with jose's message, as storage does.
   */
  async caller(req: GatewayRequest, options: { optional: boolean }): Promise<Caller> {
    const token = req.bearer ?? '';
    const result = token ? await this.verifier.verify(token) : undefined;
    if (!result?.ok) {
      if (options.optional) return ANONYMOUS;
      throw storageError.accessDenied(
        !result
          ? JOSE_MESSAGES.malformed
          : result.reason === 'claims'
            ? result.message
            : JOSE_MESSAGES[result.reason],
      );
    }
    const role = typeof result.claims.role === 'string' && result.claims.role ? result.claims.role : 'anon';
    // Hosted's storage server logs in as supabase_storage_admin, which may become only what
    // authenticator may; the local server's connection could become any role, so it checks first.
    if (!(await this.allowedRoles()).has(role)) {
      throw storageError.accessDenied(`permission denied to set role "${role}"`);
    }
    return {
      role,
      claims: result.claims,
      jwt: token,
      sub: typeof result.claims.sub === 'string' ? result.claims.sub : undefined,
      authenticated: true,
    };
  }

  private async allowedRoles(): Promise<Set<string>> {
    if (!this.roles) {
      const { rows } = await this.db.query<{ rolname: string }>(
        `select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid
         join pg_roles a on a.oid = m.member where a.rolname = 'authenticator'`,
      );
      this.roles = new Set(rows.map((r) => r.rolname));
    }
    return this.roles;
  }
}
