import type { Database } from '../db/engine';
import type { JwtClaims, JwtVerifier } from '../gateway/keys';

export type TokenCheck = { ok: true; claims: JwtClaims; role: string } | { ok: false; reason: string };

/** Checks a channel's access token the way Realtime does: valid JWT, unexpired, a role PostgREST may use. */
export class ChannelTokens {
  private allowedRoles: Set<string> | undefined;

  constructor(
    private readonly db: Database,
    private readonly verifier: JwtVerifier,
  ) {}

  /** The roles `authenticator` may switch to (what the JWT's `role` claim may name). */
  private async roles(): Promise<Set<string>> {
    if (!this.allowedRoles) {
      const { rows } = await this.db.query<{ rolname: string }>(
        `select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid
         join pg_roles a on a.oid = m.member where a.rolname = 'authenticator'`,
      );
      this.allowedRoles = new Set(
        rows.length ? rows.map((r) => r.rolname) : ['anon', 'authenticated', 'service_role'],
      );
    }
    return this.allowedRoles;
  }

  async check(token: string): Promise<TokenCheck> {
    const result = await this.verifier.verify(token);
    if (!result.ok) {
      if (result.reason === 'expired') {
        const exp = Number(
          JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}').exp ?? 0,
        );
        return {
          ok: false,
          reason: `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000 - exp))} seconds ago`,
        };
      }
      return { ok: false, reason: result.message };
    }
    const role = typeof result.claims.role === 'string' ? result.claims.role : '';
    if (!role || !(await this.roles()).has(role)) return { ok: false, reason: `invalid role "${role}"` };
    return { ok: true, claims: result.claims, role };
  }
}
