import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startLocalSupabase,
  type LocalSupabase,
  type LocalSupabaseOptions,
} from '../../../supabase/local/server';
import { openTestWalletsSql } from '../../support/test-wallets';
import { TotpCodeBook } from '../../support/totp';
import { pgliteTemplate, postgresTemplate, type TemplateSpec } from '../../support/db-templates';
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../../supabase/local/db/throwaway-postgres';

export type Engine = 'pglite' | 'postgres';

export const FIXTURE_DIR = fileURLToPath(new URL('./fixture', import.meta.url));

/**
 * One engine's worth of servers for a test file: PGlite in memory, or databases in one throwaway
 * PostgreSQL 15 cluster (one database per server, so servers never see each other's data).
 */
export class EngineHarness {
  private cluster: ThrowawayPostgres | undefined;
  private servers: LocalSupabase[] = [];
  private dbCount = 0;
  private dirs: string[] = [];

  private tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'lc-local-supabase-'));
    this.dirs.push(dir);
    return dir;
  }

  constructor(readonly engine: Engine) {}

  async server(options: Partial<LocalSupabaseOptions> = {}): Promise<LocalSupabase> {
    const base: LocalSupabaseOptions = {
      port: 0,
      memory: true,
      // With memory on, the data dir only holds the outbox files.
      dataDir: this.tempDir(),
      projectDir: FIXTURE_DIR,
      quiet: true,
      ...options,
    };
    const template: TemplateSpec = { projectDir: base.projectDir ?? FIXTURE_DIR, openWallets: false };
    if (this.engine === 'pglite' && base.memory && !base.pgliteDump) {
      base.pgliteDump = await pgliteTemplate(template);
    }
    if (this.engine === 'postgres') {
      // A copy of a template cluster rather than initdb (1–2 s): each server gets a new database in it.
      this.cluster ??= await startThrowawayPostgres({ from: await postgresTemplate(template) });
      base.databaseUrl = await this.cluster.createDatabase(`conformance_${++this.dbCount}`);
    }
    const server = await startLocalSupabase(base);
    this.servers.push(server);
    return server;
  }

  async stop(): Promise<void> {
    for (const s of this.servers) await s.stop().catch(() => undefined);
    this.servers = [];
    await this.cluster?.stop();
    this.cluster = undefined;
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
    this.dirs = [];
  }
}

/**
 * Opens the project's deposit wallets on a server built from its migrations: the seed keeps them
 * closed on burn addresses (issue 35), and suites that file deposits need them open.
 */
export async function openTestWallets(server: LocalSupabase): Promise<void> {
  await server.db.transaction((tx) => tx.exec(openTestWalletsSql()));
}

export function client(
  server: LocalSupabase,
  key = server.anonKey,
  options: Record<string, unknown> = {},
): SupabaseClient {
  return createClient(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...options,
  });
}

let counter = 0;
export const uniqueEmail = (tag: string): string =>
  `${tag}-${Date.now().toString(36)}-${++counter}@example.com`;

/** A signed-in client for a fresh user created the way seeding does (admin.createUser). */
export async function signedInUser(
  server: LocalSupabase,
  tag: string,
  password = 'correct-horse-1',
): Promise<{ client: SupabaseClient; id: string; email: string; password: string; accessToken: string }> {
  const admin = client(server, server.serviceRoleKey);
  const email = uniqueEmail(tag);
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { username: tag },
  });
  if (created.error) throw created.error;
  const c = client(server);
  const signIn = await c.auth.signInWithPassword({ email, password });
  if (signIn.error || !signIn.data.session) throw signIn.error ?? new Error('no session');
  return {
    client: c,
    id: created.data.user.id,
    email,
    password,
    accessToken: signIn.data.session.access_token,
  };
}

/**
 * Enrolls an authenticator for a signed-in client and answers its challenge, so the session is at
 * aal2 as the admin area requires. supabase-js hands realtime a new token on SIGNED_IN and
 * TOKEN_REFRESHED, not after an MFA verify; an admin page opened after the challenge starts with the
 * aal2 token, so realtime is given it here.
 */
export async function verifyAuthenticator(c: SupabaseClient): Promise<void> {
  const enrolled = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (enrolled.error) throw enrolled.error;
  const verified = await c.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: await new TotpCodeBook(enrolled.data.totp.secret).next(),
  });
  if (verified.error) throw verified.error;
  await c.realtime.setAuth(verified.data.access_token);
}

export async function waitFor<T>(
  probe: () => T | undefined | false,
  timeoutMs = 5000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A raw PostgREST request with the anon key as apikey and `token` (default: the anon key) as bearer. */
export function restRequest(
  server: LocalSupabase,
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<Response> {
  return fetch(`${server.url}/rest/v1${path}`, {
    ...init,
    headers: {
      apikey: server.anonKey,
      authorization: `Bearer ${init.token ?? server.anonKey}`,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

/** `POST /realtime/v1/api/broadcast` (Realtime's batch endpoint) with `token` as bearer. */
export function broadcastRequest(server: LocalSupabase, body: unknown, token: string): Promise<Response> {
  return fetch(`${server.url}/realtime/v1/api/broadcast`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}
