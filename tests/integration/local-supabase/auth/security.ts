import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type AuthConfig } from '../../../../supabase/local/config';
import {
  DEFAULT_PUBLISHABLE_KEY,
  DEFAULT_SECRET_KEY,
  DEFAULT_SERVICE_ROLE_KEY,
  resolveKeys,
} from '../../../../supabase/local/gateway/keys';
import type { LocalSupabase } from '../../../../supabase/local/server';
import { client, signedInUser, uniqueEmail, type Engine, type EngineHarness } from '../harness';
import { followLink, latestMail, mailsTo, outbox } from './mail';

export interface SuiteContext {
  engine: Engine;
  harness: EngineHarness;
  /** The suite's shared server (fixture config: confirmations off, relaxed rate limits). */
  server: () => LocalSupabase;
}

const SITE = 'http://127.0.0.1:4321';

/**
 * Runs `fn` with other auth settings on a running server, then puts the old ones back. Cheaper than a
 * server per setting (a PGlite start costs seconds); tests in a file run one after another.
 */
export async function withAuthSettings<T>(
  server: LocalSupabase,
  overrides: Partial<AuthConfig>,
  fn: () => Promise<T>,
): Promise<T> {
  const saved = { ...server.config.auth };
  server.setAuthOverrides(overrides);
  try {
    return await fn();
  } finally {
    server.setAuthOverrides(saved);
  }
}
const CUSTOM_SECRET = 'a-custom-jwt-secret-with-at-least-32-characters';
const CHOSEN_SECRET_KEY = 'sb_secret_chosen-for-this-test';

async function authFetch(
  server: LocalSupabase,
  path: string,
  init: RequestInit & { token?: string; key?: string } = {},
): Promise<Response> {
  const key = init.key ?? server.anonKey;
  return fetch(`${server.url}/auth/v1${path}`, {
    ...init,
    headers: {
      apikey: key,
      authorization: `Bearer ${init.token ?? key}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

/** The security findings, each proven through supabase-js or raw HTTP. */
export function securitySuite(ctx: SuiteContext): void {
  const { engine } = ctx;

  describe(`${engine}: auth security: keys and the outbox`, () => {
    let custom: LocalSupabase;
    beforeAll(async () => {
      custom = await ctx.harness.server({ jwtSecret: CUSTOM_SECRET, secretKey: CHOSEN_SECRET_KEY });
    });

    it('with SUPABASE_JWT_SECRET set, the well-known keys stop working; derived or chosen ones work', async () => {
      expect(custom.secretKey).toBe(CHOSEN_SECRET_KEY);
      expect(custom.publishableKey).toMatch(/^sb_publishable_/);
      expect(custom.publishableKey).not.toBe(DEFAULT_PUBLISHABLE_KEY);
      expect(custom.serviceRoleKey).not.toBe(DEFAULT_SERVICE_ROLE_KEY);
      const wellKnownSecret = await client(custom, DEFAULT_SECRET_KEY).auth.admin.listUsers();
      expect(wellKnownSecret.error?.status).toBe(401);
      const wellKnownJwt = await client(custom, DEFAULT_SERVICE_ROLE_KEY).auth.admin.listUsers();
      expect(wellKnownJwt.error?.status).toBe(401);
      const restWithWellKnown = await fetch(`${custom.url}/rest/v1/items`, {
        headers: { apikey: DEFAULT_PUBLISHABLE_KEY },
      });
      expect(restWithWellKnown.status).toBe(401);
      const derivedButReplaced = (await resolveKeys({ jwtSecret: CUSTOM_SECRET })).secretKey;
      expect((await client(custom, derivedButReplaced).auth.admin.listUsers()).error?.status).toBe(401);
      expect((await client(custom, CHOSEN_SECRET_KEY).auth.admin.listUsers()).error).toBeNull();
      const publishable = await client(custom, custom.publishableKey).rpc('whoami');
      expect((publishable.data as { role: string }).role).toBe('anon');
      const anonAsAdmin = await client(custom, custom.publishableKey).auth.admin.listUsers();
      expect(anonAsAdmin.error?.status).toBe(403);
    });

    it('the outbox answers only to the service key and never to another origin', async () => {
      const server = ctx.server();
      const u = await signedInUser(server, 'outbox');
      expect((await client(server).auth.resetPasswordForEmail(u.email)).error).toBeNull();
      const query = `/latest?to=${encodeURIComponent(u.email)}`;
      const anonymous = await fetch(`${server.url}/__local/outbox${query}`);
      expect(anonymous.status).toBe(401);
      expect(JSON.stringify(await anonymous.json())).not.toContain('verify?token');
      const withAnon = await fetch(`${server.url}/__local/outbox${query}`, {
        headers: { apikey: server.anonKey },
      });
      expect(withAnon.status).toBe(401);
      const fromPage = await fetch(`${server.url}/__local/outbox${query}`, {
        headers: { origin: 'http://evil.test', cookie: 'x=1' },
      });
      expect(fromPage.status).toBe(401);
      expect(fromPage.headers.get('access-control-allow-origin')).toBeNull();
      expect(fromPage.headers.get('access-control-allow-credentials')).toBeNull();
      const preflight = await fetch(`${server.url}/__local/outbox${query}`, {
        method: 'OPTIONS',
        headers: { origin: 'http://evil.test', 'access-control-request-headers': 'apikey' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      const withSecret = await outbox(server, query);
      expect(withSecret.status).toBe(200);
      expect(withSecret.headers.get('access-control-allow-origin')).toBeNull();
      expect(((await withSecret.json()) as { to: string }).to).toBe(u.email);
      const withServiceJwt = await fetch(`${server.url}/__local/outbox${query}`, {
        headers: { apikey: server.serviceRoleKey },
      });
      expect(withServiceJwt.status).toBe(200);
    });
  });

  describe(`${engine}: auth security: GoTrue's default rate limits`, () => {
    let limited: LocalSupabase;
    beforeAll(async () => {
      limited = await ctx.harness.server({
        bcryptCost: 4,
        authOverrides: { rateLimit: { ...DEFAULT_CONFIG.auth.rateLimit } },
      });
      // newUser below uses the admin API, which GoTrue does not rate limit.
    });

    /**
     * Attempts until the first 429. GoTrue's buckets hold 30 and refill at the configured rate per
     * 5 minutes, so the count must be at least 30 and at most 30 plus what refilled meanwhile.
     */
    async function allowedBefore429(
      perFiveMinutes: number,
      attempt: () => Promise<{ status?: number | undefined; code?: string | undefined }>,
    ): Promise<number> {
      const started = Date.now();
      for (let allowed = 0; allowed < 100; allowed++) {
        const result = await attempt();
        if (result.status === 429) {
          expect(result.code).toBe('over_request_rate_limit');
          const refilled = ((Date.now() - started) / 1000) * (perFiveMinutes / 300);
          expect(allowed).toBeGreaterThanOrEqual(30);
          expect(allowed).toBeLessThanOrEqual(30 + Math.ceil(refilled));
          return allowed;
        }
      }
      throw new Error('never rate limited');
    }

    const newUser = async (tag: string): Promise<string> => {
      const email = uniqueEmail(tag);
      const created = await client(limited, limited.serviceRoleKey).auth.admin.createUser({
        email,
        password: 'password-123',
        email_confirm: true,
      });
      expect(created.error).toBeNull();
      return email;
    };

    it('/verify: wrong 6-digit codes are cut off after 30 with 429 over_request_rate_limit', async () => {
      const email = await newUser('verify-limit');
      await client(limited).auth.resetPasswordForEmail(email);
      const { token } = await latestMail(limited, email);
      const wrong = token === '000000' ? '000001' : '000000';
      await allowedBefore429(30, async () => {
        const { error } = await client(limited).auth.verifyOtp({ type: 'recovery', email, token: wrong });
        if (error?.status !== 429) expect(error?.code).toBe('otp_expired');
        return { status: error?.status, code: error?.code };
      });
      const limitedRes = await fetch(`${limited.url}/auth/v1/verify`, {
        method: 'POST',
        headers: { apikey: limited.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'recovery', email, token: wrong }),
      });
      expect(limitedRes.status).toBe(429);
      expect(await limitedRes.json()).toMatchObject({
        error_code: 'over_request_rate_limit',
        msg: 'Request rate limit reached',
      });
    });

    it('/token (150 per 5 min) and /signup (30 per 5 min) answer 429 after their burst of 30', async () => {
      const email = await newUser('token-limit');
      await allowedBefore429(150, async () => {
        const { error } = await client(limited).auth.signInWithPassword({ email, password: 'wrong-guess' });
        return { status: error?.status, code: error?.code };
      });
      await allowedBefore429(30, async () => {
        const { error } = await client(limited).auth.signUp({
          email: uniqueEmail('volume'),
          password: 'password-123',
        });
        return { status: error?.status, code: error?.code };
      });
    });

    it('e-mails: the hourly budget answers 429 over_email_send_rate_limit while confirmations are on', async () => {
      const people = [await newUser('budget'), await newUser('budget'), await newUser('budget')];
      await withAuthSettings(
        limited,
        { enableConfirmations: true, rateLimit: { ...DEFAULT_CONFIG.auth.rateLimit, emailSent: 2 } },
        async () => {
          for (const email of people.slice(0, 2)) {
            expect((await client(limited).auth.resetPasswordForEmail(email)).error).toBeNull();
          }
          const over = await client(limited).auth.resetPasswordForEmail(people[2] ?? '');
          expect(over.error?.status).toBe(429);
          expect(over.error?.code).toBe('over_email_send_rate_limit');
          expect(await mailsTo(limited, people[2] ?? '')).toEqual([]);
        },
      );
    });
  });

  describe(`${engine}: auth security: input`, () => {
    it('refuses passwords over 72 bytes (bcrypt would ignore the rest), counting bytes', async () => {
      const server = ctx.server();
      const multibyte = 'ä'.repeat(37); // 37 characters, 74 bytes
      const long = await client(server).auth.signUp({ email: uniqueEmail('long'), password: multibyte });
      expect(long.error?.status).toBe(400);
      expect(long.error?.code).toBe('validation_failed');
      expect(long.error?.message).toBe('Password cannot be longer than 72 characters');
      const exactly72 = 'p'.repeat(72);
      const email = uniqueEmail('bytes72');
      expect((await client(server).auth.signUp({ email, password: exactly72 })).error).toBeNull();
      const ascii73 = await client(server).auth.signUp({
        email: uniqueEmail('long'),
        password: 'p'.repeat(73),
      });
      expect(ascii73.error?.code).toBe('validation_failed');
      const u = await signedInUser(server, 'long-update');
      const upd = await u.client.auth.updateUser({ password: multibyte });
      expect(upd.error?.code).toBe('validation_failed');
    });

    it('redirect_to: script schemes and foreign hosts fall back to site_url; the allow-list works', async () => {
      const server = ctx.server();
      const u = await signedInUser(server, 'redirect');
      const mailedRedirect = async (redirectTo: string): Promise<string> => {
        await server.db.query(`update auth.users set recovery_sent_at = null where email = $1`, [u.email]);
        expect((await client(server).auth.resetPasswordForEmail(u.email, { redirectTo })).error).toBeNull();
        return (await latestMail(server, u.email)).redirectTo;
      };
      expect(await mailedRedirect('javascript://127.0.0.1/%0aalert(document.domain)')).toBe(SITE);
      expect(await mailedRedirect('https://evil.test/steal')).toBe(SITE);
      expect(await mailedRedirect('http://localhost:4321.evil.test/')).toBe(SITE);
      expect(await mailedRedirect('http://localhost:4321/deep/page?x=1')).toBe(
        'http://localhost:4321/deep/page?x=1',
      );
      const mail = await latestMail(server, u.email);
      const forged = mail.link.replace(
        /redirect_to=[^&]*/,
        `redirect_to=${encodeURIComponent('javascript://127.0.0.1/%0aalert(1)')}`,
      );
      const { location } = await followLink(forged);
      expect(location.startsWith(`${SITE}#access_token=`)).toBe(true);
    });

    it('data that is not an object is bad_json; bodies over 1 MiB are refused before the database', async () => {
      const server = ctx.server();
      const signUp = await authFetch(server, '/signup', {
        method: 'POST',
        body: JSON.stringify({
          email: uniqueEmail('badjson'),
          password: 'password-123',
          data: 'not-an-object',
        }),
      });
      expect(signUp.status).toBe(400);
      expect(((await signUp.json()) as { code: string }).code).toBe('bad_json');
      const u = await signedInUser(server, 'badjson-user');
      const upd = await authFetch(server, '/user', {
        method: 'PUT',
        token: u.accessToken,
        body: JSON.stringify({ data: [1, 2, 3] }),
      });
      expect(upd.status).toBe(400);
      expect(((await upd.json()) as { code: string }).code).toBe('bad_json');
      const admin = await client(server, server.serviceRoleKey).auth.admin.createUser({
        email: uniqueEmail('badjson-admin'),
        user_metadata: 'nope' as unknown as Record<string, unknown>,
      });
      expect(admin.error?.status).toBe(400);

      const huge = { blob: 'x'.repeat(2 * 1024 * 1024) };
      const email = uniqueEmail('huge');
      const big = await client(server).auth.signUp({
        email,
        password: 'password-123',
        options: { data: huge },
      });
      expect(big.error?.status).toBe(413);
      expect(big.error?.code).toBe('request_entity_too_large');
      const stored = await server.db.query(`select 1 from auth.users where email = $1`, [email]);
      expect(stored.rows).toEqual([]);
      const hugeUpdate = await u.client.auth.updateUser({ data: huge });
      expect(hugeUpdate.error?.status).toBe(413);
    });
  });

  describe(`${engine}: auth security: sessions, bans and sign-out`, () => {
    it('a banned user cannot refresh, use a live token or sign in; lifting the ban restores access', async () => {
      const server = ctx.server();
      const admin = client(server, server.serviceRoleKey);
      const u = await signedInUser(server, 'banned');
      const { data: before } = await u.client.auth.getSession();
      const refreshToken = before.session?.refresh_token ?? '';
      expect((await admin.auth.admin.updateUserById(u.id, { ban_duration: '24h' })).error).toBeNull();
      const refresh = await client(server).auth.refreshSession({ refresh_token: refreshToken });
      expect(refresh.error?.status).toBe(400);
      expect(refresh.error?.code).toBe('user_banned');
      const me = await authFetch(server, '/user', { token: u.accessToken });
      expect(me.status).toBe(403);
      expect(((await me.json()) as { code: string }).code).toBe('user_banned');
      const signIn = await client(server).auth.signInWithPassword({ email: u.email, password: u.password });
      expect(signIn.error?.code).toBe('user_banned');
      const badDuration = await admin.auth.admin.updateUserById(u.id, { ban_duration: 'forever' });
      expect(badDuration.error?.status).toBe(400);
      expect((await admin.auth.admin.updateUserById(u.id, { ban_duration: 'none' })).error).toBeNull();
      expect((await client(server).auth.refreshSession({ refresh_token: refreshToken })).error).toBeNull();
    });

    it('logout of a dead session answers 403 session_not_found, as GoTrue', async () => {
      const server = ctx.server();
      const u = await signedInUser(server, 'dead-logout');
      const first = await authFetch(server, '/logout?scope=local', { method: 'POST', token: u.accessToken });
      expect(first.status).toBe(204);
      const again = await authFetch(server, '/logout?scope=local', { method: 'POST', token: u.accessToken });
      expect(again.status).toBe(403);
      expect(((await again.json()) as { code: string }).code).toBe('session_not_found');
      // auth-js treats that answer as signed out.
      expect((await u.client.auth.signOut()).error).toBeNull();
    });
  });

  describe(`${engine}: auth security: e-mail change needs the mailbox`, () => {
    it('updateUser({ email }) changes nothing until a mailed link is opened; both addresses are mailed', async () => {
      const server = ctx.server();
      const u = await signedInUser(server, 'change');
      const target = uniqueEmail('claimed');
      const upd = await u.client.auth.updateUser({ email: target }, { emailRedirectTo: `${SITE}/account` });
      expect(upd.error).toBeNull();
      expect(upd.data.user?.email).toBe(u.email);
      expect(upd.data.user?.new_email).toBe(target);
      const { data: stored } = await client(server, server.serviceRoleKey).auth.admin.getUserById(u.id);
      expect(stored.user?.email).toBe(u.email);
      const toOld = await latestMail(server, u.email);
      const toNew = await latestMail(server, target);
      expect(toOld.type).toBe('email_change');
      expect(toNew.type).toBe('email_change');
      expect(toNew.text).toContain(target);
      // Confirmations are off in this config: as in GoTrue, one link completes the change.
      const { fragment } = await followLink(toNew.link);
      expect(fragment.get('type')).toBe('email_change');
      const { data: after } = await client(server, server.serviceRoleKey).auth.admin.getUserById(u.id);
      expect(after.user?.email).toBe(target);
      expect(after.user?.identities?.[0]?.identity_data?.['email']).toBe(target);
      expect(
        (await client(server).auth.signInWithPassword({ email: target, password: u.password })).error,
      ).toBeNull();
      const taken = await u.client.auth.updateUser({ email: (await signedInUser(server, 'other')).email });
      expect(taken.error?.code).toBe('email_exists');
    });

    it('with confirmations on and double_confirm_changes, both links are needed', async () => {
      const server = ctx.server();
      const admin = client(server, server.serviceRoleKey);
      await withAuthSettings(server, { enableConfirmations: true }, async () => {
        const u = await signedInUser(server, 'double');
        const target = uniqueEmail('double-new');
        expect((await u.client.auth.updateUser({ email: target })).error).toBeNull();
        const first = await followLink((await latestMail(server, target)).link);
        expect(first.fragment.get('message')).toBe(
          'Confirmation link accepted. Please proceed to confirm link sent to the other email',
        );
        expect((await admin.auth.admin.getUserById(u.id)).data.user?.email).toBe(u.email);
        const second = await followLink((await latestMail(server, u.email)).link);
        expect(second.fragment.get('access_token')).toBeTruthy();
        expect((await admin.auth.admin.getUserById(u.id)).data.user?.email).toBe(target);
      });
      await withAuthSettings(server, { enableConfirmations: true, doubleConfirmChanges: false }, async () => {
        const v = await signedInUser(server, 'single');
        const next = uniqueEmail('single-new');
        expect((await v.client.auth.updateUser({ email: next })).error).toBeNull();
        expect(await mailsTo(server, v.email)).toEqual([]);
        const code = (await latestMail(server, next)).token;
        const verified = await client(server).auth.verifyOtp({
          type: 'email_change',
          email: next,
          token: code,
        });
        expect(verified.error).toBeNull();
        expect(verified.data.user?.email).toBe(next);
      });
    });
  });

  describe(`${engine}: auth security: sign-up with confirmations on`, () => {
    let strict: LocalSupabase;
    let saved: AuthConfig;
    const c = (): SupabaseClient => client(strict);
    beforeAll(() => {
      strict = ctx.server();
      saved = { ...strict.config.auth };
      strict.setAuthOverrides({ enableConfirmations: true, maxFrequency: 0 });
    });
    afterAll(() => {
      strict.setAuthOverrides(saved);
    });

    it('no session, a mail, email_not_confirmed before confirming, an obfuscated answer for a taken address', async () => {
      const email = uniqueEmail('confirm-me');
      const signUp = await c().auth.signUp({ email, password: 'password-123', options: { data: { a: 1 } } });
      expect(signUp.error).toBeNull();
      expect(signUp.data.session).toBeNull();
      const realId = signUp.data.user?.id;
      expect((await latestMail(strict, email)).type).toBe('signup');
      const early = await c().auth.signInWithPassword({ email, password: 'password-123' });
      expect(early.error?.code).toBe('email_not_confirmed');

      const { fragment } = await followLink((await latestMail(strict, email)).link);
      expect(fragment.get('type')).toBe('signup');
      expect((await c().auth.signInWithPassword({ email, password: 'password-123' })).error).toBeNull();

      const mailsBefore = (await mailsTo(strict, email)).length;
      const repeat = await c().auth.signUp({
        email,
        password: 'another-pass-1',
        options: { data: { b: 2 } },
      });
      expect(repeat.error).toBeNull();
      expect(repeat.data.session).toBeNull();
      expect(repeat.data.user?.id).not.toBe(realId);
      expect(repeat.data.user?.identities).toEqual([]);
      expect(repeat.data.user?.user_metadata).toEqual({ b: 2 });
      expect((await mailsTo(strict, email)).length).toBe(mailsBefore);
      // The answer for an address nobody has looks the same.
      const fresh = await c().auth.signUp({ email: uniqueEmail('fresh'), password: 'password-123' });
      expect(Object.keys(fresh.data.user ?? {}).sort()).toEqual(
        expect.arrayContaining(Object.keys(repeat.data.user ?? {}).filter((k) => k !== 'role')),
      );
      expect((await c().auth.signInWithPassword({ email, password: 'another-pass-1' })).error?.code).toBe(
        'invalid_credentials',
      );
    });

    it('a repeated sign-up of an unconfirmed address mails the link again', async () => {
      const email = uniqueEmail('unconfirmed');
      expect((await c().auth.signUp({ email, password: 'password-123' })).error).toBeNull();
      const first = await latestMail(strict, email);
      const again = await c().auth.signUp({ email, password: 'password-123' });
      expect(again.error).toBeNull();
      expect(again.data.session).toBeNull();
      const second = await latestMail(strict, email);
      expect(second.link).not.toBe(first.link);
    });
  });
}
