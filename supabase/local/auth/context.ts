import bcrypt from 'bcryptjs';
import type { AuthConfig } from '../config';
import type { Database } from '../db/engine';
import type { GatewayRequest, Reply } from '../gateway/http';
import type { JwtVerifier, Keys } from '../gateway/keys';
import type { Outbox } from '../mail/outbox';
import { AuthRateLimits, type LimitName } from './rate-limit';

/** What the auth service needs from the server around it. */
export interface AuthContext {
  db: Database;
  /** Read on every request: tests change it on a running server. */
  config: AuthConfig;
  keys: Keys;
  verifier: JwtVerifier;
  /** External base URL of the gateway, e.g. http://127.0.0.1:54321. */
  apiUrl: () => string;
  outbox: Outbox;
  /** bcrypt cost factor; GoTrue uses 10. */
  bcryptCost: number;
  /** Clock of the in-memory rate-limit windows (tests move it); Date.now by default. */
  now?: () => number;
}

/** The context plus the few helpers every endpoint module shares. */
export interface Auth extends AuthContext {
  /** The JWT `iss`: GoTrue's external URL. */
  issuer(): string;
  hashPassword(password: string): Promise<string>;
  /** bcrypt comparison that treats a malformed stored hash as a mismatch. */
  passwordMatches(password: string, hash: string | null): Promise<boolean>;
  limits: AuthRateLimits;
}

export function createAuth(ctx: AuthContext): Auth {
  return {
    ...ctx,
    limits: new AuthRateLimits(() => ctx.config.rateLimit, ctx.now),
    issuer: (): string => `${ctx.apiUrl()}/auth/v1`,
    // GoTrue (Go's bcrypt) writes $2a$ hashes, and pgcrypto's crypt() used by seed files only knows $2a$;
    // for passwords of at most 72 bytes $2a$ and $2b$ compute the same hash.
    hashPassword: async (password: string): Promise<string> =>
      bcrypt.hash(password, (await bcrypt.genSalt(ctx.bcryptCost)).replace(/^\$2b\$/, '$2a$')),
    passwordMatches: async (password: string, hash: string | null): Promise<boolean> =>
      !!hash && (await bcrypt.compare(password, hash).catch(() => false)),
  };
}

export type Handler = (auth: Auth, req: GatewayRequest) => Promise<Reply>;

/** One endpoint: GoTrue's router entries, each module exporting its own. */
export interface Route {
  method: string;
  /** Exact path below /auth/v1, or a prefix ending in '/' matched by startsWith. */
  path: string;
  /** For a prefix: the whole path must also match this (routes with ids inside, e.g. /factors/{id}/verify). */
  pattern?: RegExp;
  handler: Handler;
  /** GoTrue's per-IP limiter in front of this route, if any. */
  limit?: LimitName;
}
