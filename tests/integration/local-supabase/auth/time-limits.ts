import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '../../../../supabase/local/server';
import { TOTP_PERIOD_S, TotpCodeBook, totpFor } from '../../../support/totp';
import {
  EngineHarness,
  client,
  restRequest,
  signedInUser,
  sleep,
  uniqueEmail,
  type Engine,
} from '../harness';
import { followLink, latestMail } from './mail';
import { withAuthSettings } from './security';

/**
 * Every expiry and window of the local auth and MFA code, probed just inside and just outside its
 * limit. Limits the database keeps are reached by backdating rows (the server compares them with the
 * database clock); the in-memory rate limits by the server's clock seam (`now`).
 */

/** Seconds either side of a limit kept in the database: wide enough for a slow request, far below any limit. */
const MARGIN_S = 5;
/** The fixture's otp_expiry (tests/integration/local-supabase/fixture/config.toml). */
const OTP_EXPIRY_S = 3600;
/** GoTrue's MFA_CHALLENGE_EXPIRY_DURATION, MFA_FACTOR_EXPIRY_DURATION and the PKCE flow state lifetime. */
const CHALLENGE_EXPIRY_S = 300;
const FACTOR_EXPIRY_S = 300;
const FLOW_STATE_EXPIRY_S = 300;
/** How recent a sign-in must be to change the password without a nonce (secure_password_change). */
const RECENT_SIGN_IN_S = 24 * 3600;
const REFRESH_REUSE_INTERVAL_S = 10;

const just = {
  inside: (limitS: number): number => limitS - MARGIN_S,
  outside: (limitS: number): number => limitS + MARGIN_S,
};

/** Sets `column` of the rows matching `where` to `secondsAgo` before the database's now(). */
async function backdate(
  server: LocalSupabase,
  table: string,
  column: string,
  secondsAgo: number,
  where: string,
  params: unknown[],
): Promise<void> {
  const { affectedRows } = await server.db.query(
    `update ${table} set ${column} = now() - make_interval(secs => ${Number(secondsAgo)}) where ${where}`,
    params,
  );
  expect(affectedRows, `backdated ${table}.${column}`).toBeGreaterThan(0);
}

async function sessionIdOf(c: SupabaseClient): Promise<string> {
  const { data } = await c.auth.getSession();
  const claims = decodeJwt(data.session?.access_token ?? '');
  return String(claims['session_id']);
}

function rawAuth(server: LocalSupabase, path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${server.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

const refresh = (server: LocalSupabase, refreshToken: string): Promise<Response> =>
  rawAuth(server, '/token?grant_type=refresh_token', { refresh_token: refreshToken });

async function errorCode(res: Response): Promise<string | undefined> {
  return ((await res.json()) as { error_code?: string }).error_code;
}

/** The token-hash link types generate_link hands out, the /verify type each takes and its sent-at column. */
const LINK_KINDS = [
  { link: 'signup', verify: 'signup', sentAt: 'confirmation_sent_at', newUser: true },
  { link: 'invite', verify: 'invite', sentAt: 'confirmation_sent_at', newUser: true },
  { link: 'magiclink', verify: 'magiclink', sentAt: 'recovery_sent_at', newUser: false },
  { link: 'recovery', verify: 'recovery', sentAt: 'recovery_sent_at', newUser: false },
  { link: 'email_change_current', verify: 'email_change', sentAt: 'email_change_sent_at', newUser: false },
  { link: 'email_change_new', verify: 'email_change', sentAt: 'email_change_sent_at', newUser: false },
] as const;

type LinkKind = (typeof LINK_KINDS)[number];

export function timeLimitsSuite(engine: Engine): void {
  const harness = new EngineHarness(engine);
  let server: LocalSupabase;
  let service: SupabaseClient;

  beforeAll(async () => {
    server = await harness.server({ bcryptCost: 4 });
    service = client(server, server.serviceRoleKey);
  });
  afterAll(async () => {
    await harness.stop();
  });

  /** A fresh token hash of `kind` for a fresh address (new users) or a fresh signed-in user. */
  async function generate(kind: LinkKind): Promise<{ email: string; hash: string }> {
    let email = uniqueEmail(`link-${kind.link}`);
    if (!kind.newUser) email = (await signedInUser(server, `link-${kind.link}`)).email;
    const { data, error } = await service.auth.admin.generateLink({
      type: kind.link,
      email,
      password: 'correct-horse-1',
      newEmail: uniqueEmail('new-address'),
    } as Parameters<typeof service.auth.admin.generateLink>[0]);
    if (error) throw error;
    return { email, hash: data.properties.hashed_token };
  }

  describe(`${engine}: e-mail links and codes expire after otp_expiry`, () => {
    for (const kind of LINK_KINDS) {
      it(`${kind.link}: a token hash is taken just before otp_expiry and refused just after`, async () => {
        const fresh = await generate(kind);
        await backdate(server, 'auth.users', kind.sentAt, just.inside(OTP_EXPIRY_S), 'email = $1', [
          fresh.email,
        ]);
        const inside = await client(server).auth.verifyOtp({ token_hash: fresh.hash, type: kind.verify });
        expect(inside.error).toBeNull();

        const stale = await generate(kind);
        await backdate(server, 'auth.users', kind.sentAt, just.outside(OTP_EXPIRY_S), 'email = $1', [
          stale.email,
        ]);
        const outside = await client(server).auth.verifyOtp({ token_hash: stale.hash, type: kind.verify });
        expect(outside.error?.code).toBe('otp_expired');
      });
    }

    it('a mailed recovery link (GET /verify) signs in just before otp_expiry and says otp_expired just after', async () => {
      const u = await signedInUser(server, 'link-get');
      const open = async (secondsAgo: number) => {
        expect((await client(server).auth.resetPasswordForEmail(u.email)).error).toBeNull();
        await backdate(server, 'auth.users', 'recovery_sent_at', secondsAgo, 'id = $1', [u.id]);
        return followLink((await latestMail(server, u.email)).link);
      };
      const inside = await open(just.inside(OTP_EXPIRY_S));
      expect(inside.fragment.get('access_token')).toBeTruthy();
      const outside = await open(just.outside(OTP_EXPIRY_S));
      expect(outside.fragment.get('error_code')).toBe('otp_expired');
      expect(outside.fragment.get('access_token')).toBeNull();
    });

    it('the reauthentication nonce is taken just before otp_expiry and refused just after', async () => {
      await withAuthSettings(server, { securePasswordChange: true }, async () => {
        const u = await signedInUser(server, 'nonce');
        // An old session, so only the nonce can allow the change.
        await backdate(server, 'auth.sessions', 'created_at', 25 * 3600, 'user_id = $1', [u.id]);
        const change = async (secondsAgo: number, password: string) => {
          expect((await u.client.auth.reauthenticate()).error).toBeNull();
          await backdate(server, 'auth.users', 'reauthentication_sent_at', secondsAgo, 'id = $1', [u.id]);
          const nonce = (await latestMail(server, u.email)).token;
          return u.client.auth.updateUser({ password, nonce });
        };
        expect((await change(just.inside(OTP_EXPIRY_S), 'changed-pass-1')).error).toBeNull();
        expect((await change(just.outside(OTP_EXPIRY_S), 'changed-pass-2')).error?.code).toBe(
          'reauthentication_not_valid',
        );
      });
    });

    it('a PKCE code from a link is exchanged just before the flow state expires and refused just after', async () => {
      const u = await signedInUser(server, 'flow');
      const codeFor = async (secondsAgo: number) => {
        const page = client(server, server.anonKey, {
          auth: {
            persistSession: false,
            autoRefreshToken: false,
            detectSessionInUrl: false,
            flowType: 'pkce',
          },
        });
        expect((await page.auth.resetPasswordForEmail(u.email)).error).toBeNull();
        const { location } = await followLink((await latestMail(server, u.email)).link);
        await backdate(server, 'auth.flow_state', 'created_at', secondsAgo, 'user_id = $1', [u.id]);
        // The mail interval counts from recovery_sent_at; the next request must not be held back by it.
        await backdate(server, 'auth.users', 'recovery_sent_at', 60, 'id = $1', [u.id]);
        return { page, code: new URL(location).searchParams.get('code') ?? '' };
      };
      const inside = await codeFor(just.inside(FLOW_STATE_EXPIRY_S));
      expect((await inside.page.auth.exchangeCodeForSession(inside.code)).error).toBeNull();
      const outside = await codeFor(just.outside(FLOW_STATE_EXPIRY_S));
      expect((await outside.page.auth.exchangeCodeForSession(outside.code)).error?.code).toBe(
        'flow_state_expired',
      );
    });
  });

  describe(`${engine}: one mail of a kind per max_frequency`, () => {
    const FREQUENCY_S = 60;
    /** Each mail that counts the interval, how to ask for it and the column it counts from. */
    const MAILS: Array<{
      what: string;
      sentAt: string;
      setup?: (u: { id: string; email: string }) => Promise<void>;
      ask: (u: {
        client: SupabaseClient;
        email: string;
      }) => Promise<{ error: { status?: number | undefined } | null }>;
    }> = [
      {
        what: 'recovery',
        sentAt: 'recovery_sent_at',
        ask: (u) => client(server).auth.resetPasswordForEmail(u.email),
      },
      {
        what: 'magic link',
        sentAt: 'recovery_sent_at',
        ask: (u) =>
          client(server).auth.signInWithOtp({ email: u.email, options: { shouldCreateUser: false } }),
      },
      {
        what: 'reauthentication',
        sentAt: 'reauthentication_sent_at',
        ask: (u) => u.client.auth.reauthenticate(),
      },
      {
        what: 'e-mail change',
        sentAt: 'email_change_sent_at',
        ask: (u) => u.client.auth.updateUser({ email: uniqueEmail('moved') }),
      },
      {
        what: 'sign-up confirmation (resend)',
        sentAt: 'confirmation_sent_at',
        setup: async (u) => {
          await server.db.query(`update auth.users set email_confirmed_at = null where id = $1`, [u.id]);
        },
        ask: (u) => client(server).auth.resend({ type: 'signup', email: u.email }),
      },
    ];

    for (const mail of MAILS) {
      it(`${mail.what}: refused just before the interval has passed, sent just after`, async () => {
        await withAuthSettings(server, { maxFrequency: FREQUENCY_S, enableConfirmations: true }, async () => {
          const u = await signedInUser(server, `interval-${mail.what.split(' ')[0]}`);
          await mail.setup?.(u);
          await server.db.query(`update auth.users set ${mail.sentAt} = now() where id = $1`, [u.id]);
          await backdate(server, 'auth.users', mail.sentAt, just.inside(FREQUENCY_S), 'id = $1', [u.id]);
          const early = await mail.ask(u);
          expect(early.error?.status).toBe(429);
          await backdate(server, 'auth.users', mail.sentAt, just.outside(FREQUENCY_S), 'id = $1', [u.id]);
          const late = await mail.ask(u);
          expect(late.error).toBeNull();
        });
      });
    }
  });

  describe(`${engine}: sessions and tokens`, () => {
    it('a password change without a nonce is allowed just inside 24 h of signing in and refused just after', async () => {
      await withAuthSettings(server, { securePasswordChange: true }, async () => {
        const u = await signedInUser(server, 'recent');
        const session = await sessionIdOf(u.client);
        await backdate(server, 'auth.sessions', 'created_at', RECENT_SIGN_IN_S - 60, 'id::text = $1', [
          session,
        ]);
        expect((await u.client.auth.updateUser({ password: 'changed-pass-1' })).error).toBeNull();
        await backdate(server, 'auth.sessions', 'created_at', RECENT_SIGN_IN_S + 60, 'id::text = $1', [
          session,
        ]);
        expect((await u.client.auth.updateUser({ password: 'changed-pass-2' })).error?.code).toBe(
          'reauthentication_needed',
        );
      });
    });

    it('a revoked refresh token may be reused just inside refresh_token_reuse_interval, and kills the session just after', async () => {
      const twice = async (secondsAgo: number) => {
        const u = await signedInUser(server, 'reuse');
        const first = (await u.client.auth.getSession()).data.session?.refresh_token ?? '';
        const second = ((await (await refresh(server, first)).json()) as { refresh_token: string })
          .refresh_token;
        // A second rotation, so `first` is no longer the parent of the live token (that case is always allowed).
        expect((await refresh(server, second)).status).toBe(200);
        await backdate(server, 'auth.refresh_tokens', 'updated_at', secondsAgo, 'token = $1', [first]);
        return refresh(server, first);
      };
      expect((await twice(REFRESH_REUSE_INTERVAL_S - 2)).status).toBe(200);
      const late = await twice(REFRESH_REUSE_INTERVAL_S + 2);
      expect(late.status).toBe(400);
      expect(await errorCode(late)).toBe('refresh_token_already_used');
    });

    it('a session refreshes until its not_after and not after it', async () => {
      const u = await signedInUser(server, 'not-after');
      const session = await sessionIdOf(u.client);
      const token = (await u.client.auth.getSession()).data.session?.refresh_token ?? '';
      await server.db.query(
        `update auth.sessions set not_after = now() + make_interval(secs => ${MARGIN_S}) where id::text = $1`,
        [session],
      );
      const inside = await refresh(server, token);
      expect(inside.status).toBe(200);
      const next = ((await inside.json()) as { refresh_token: string }).refresh_token;
      await backdate(server, 'auth.sessions', 'not_after', MARGIN_S, 'id::text = $1', [session]);
      const outside = await refresh(server, next);
      expect(outside.status).toBe(400);
      expect(await errorCode(outside)).toBe('session_expired');
    });

    it('the amr timestamp is the claim’s second, floored, on sign-in and refresh alike (at .0, .499, .5 and .999)', async () => {
      const amrOf = (token: string) =>
        decodeJwt(token)['amr'] as Array<{ method: string; timestamp: number }>;
      const u = await signedInUser(server, 'amr-second');
      const session = await sessionIdOf(u.client);
      // The sign-in token reads the claim it has just written, as a refresh does.
      const written = await server.db.query<{ s: string }>(
        `select floor(extract(epoch from updated_at))::bigint::text as s from auth.mfa_amr_claims where session_id::text = $1`,
        [session],
      );
      expect(amrOf(u.accessToken)).toEqual([{ method: 'password', timestamp: Number(written.rows[0]!.s) }]);
      let token = (await u.client.auth.getSession()).data.session?.refresh_token ?? '';
      const second = Math.floor(Date.now() / 1000) - 600;
      for (const fraction of ['0', '0.499', '0.5', '0.999']) {
        await server.db.query(
          `update auth.mfa_amr_claims set updated_at = to_timestamp(${second} + ${fraction}) where session_id::text = $1`,
          [session],
        );
        const res = await refresh(server, token);
        expect(res.status).toBe(200);
        const body = (await res.json()) as { access_token: string; refresh_token: string };
        token = body.refresh_token;
        // GoTrue: claim.UpdatedAt.Unix(), never rounded to the next second.
        expect(amrOf(body.access_token), `at +${fraction} s`).toEqual([
          { method: 'password', timestamp: second },
        ]);
      }
    });

    it('an access token is accepted by auth and REST until its exp and refused after it', async () => {
      const u = await signedInUser(server, 'exp');
      const claims = decodeJwt(u.accessToken);
      const withExp = (exp: number) =>
        new SignJWT({ ...claims, exp })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .sign(new TextEncoder().encode(server.jwtSecret));
      const nowS = Math.floor(Date.now() / 1000);
      const live = await withExp(nowS + MARGIN_S);
      const dead = await withExp(nowS - MARGIN_S);
      const getUser = (token: string) =>
        fetch(`${server.url}/auth/v1/user`, {
          headers: { apikey: server.anonKey, authorization: `Bearer ${token}` },
        });
      expect((await getUser(live)).status).toBe(200);
      expect((await getUser(dead)).status).toBe(403);
      expect((await restRequest(server, '/profiles?select=id', { token: live })).status).toBe(200);
      expect((await restRequest(server, '/profiles?select=id', { token: dead })).status).toBe(401);
    });
  });

  describe(`${engine}: MFA challenges and unverified factors`, () => {
    async function enrol(c: SupabaseClient, friendlyName: string) {
      const { data, error } = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName });
      if (error) throw error;
      return { factorId: data.id, codes: new TotpCodeBook(data.totp.secret) };
    }

    it('a challenge is verified just before it expires and refused as expired just after', async () => {
      const attempt = async (secondsAgo: number) => {
        const { client: c } = await signedInUser(server, 'challenge');
        const factor = await enrol(c, 'Phone');
        const challenge = await c.auth.mfa.challenge({ factorId: factor.factorId });
        if (challenge.error) throw challenge.error;
        await backdate(server, 'auth.mfa_challenges', 'created_at', secondsAgo, 'id::text = $1', [
          challenge.data.id,
        ]);
        return c.auth.mfa.verify({
          factorId: factor.factorId,
          challengeId: challenge.data.id,
          code: await factor.codes.next(),
        });
      };
      expect((await attempt(just.inside(CHALLENGE_EXPIRY_S))).error).toBeNull();
      expect((await attempt(just.outside(CHALLENGE_EXPIRY_S))).error?.code).toBe('mfa_challenge_expired');
    });

    it('a TOTP code one step behind or ahead is taken, two steps behind or ahead is refused', async () => {
      const periodMs = TOTP_PERIOD_S * 1000;
      for (const direction of [-1, 1]) {
        const { client: c } = await signedInUser(server, 'skew');
        const { data, error } = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
        if (error) throw error;
        const totp = totpFor(data.totp.secret);
        // Far from a step boundary, so the server counts from the same step as the codes below.
        const intoStep = Date.now() % periodMs;
        if (intoStep > periodMs - 5000) await sleep(periodMs - intoStep + 500);
        const step = Math.floor(Date.now() / periodMs);
        const codeAt = (offset: number) => totp.generate({ timestamp: (step + offset) * periodMs + 1000 });
        const verify = async (code: string) => {
          const challenge = await c.auth.mfa.challenge({ factorId: data.id });
          if (challenge.error) throw challenge.error;
          return c.auth.mfa.verify({ factorId: data.id, challengeId: challenge.data.id, code });
        };
        // Outside first: once a code is taken, older steps are refused as replays anyway.
        expect((await verify(codeAt(2 * direction))).error?.code, `step ${2 * direction}`).toBe(
          'mfa_verification_failed',
        );
        expect((await verify(codeAt(direction))).error, `step ${direction}`).toBeNull();
      }
    });

    it('an unverified factor survives the next enrolment just before it expires and is dropped just after', async () => {
      const { client: c, id } = await signedInUser(server, 'unverified');
      const old = await enrol(c, 'Old phone');
      const factorIds = async () =>
        (
          await server.db.query<{ id: string }>(
            `select id::text from auth.mfa_factors where user_id = $1 order by created_at`,
            [id],
          )
        ).rows.map((r) => r.id);
      await backdate(server, 'auth.mfa_factors', 'created_at', just.inside(FACTOR_EXPIRY_S), 'id = $1', [
        old.factorId,
      ]);
      const second = await enrol(c, 'Second phone');
      expect(await factorIds()).toEqual([old.factorId, second.factorId]);
      await backdate(server, 'auth.mfa_factors', 'created_at', just.outside(FACTOR_EXPIRY_S), 'id = $1', [
        old.factorId,
      ]);
      const third = await enrol(c, 'Third phone');
      expect(await factorIds()).toEqual([second.factorId, third.factorId]);
    });
  });
}

/** A clock the rate limits read: tests move it by hand. */
class ManualClock {
  private t = Date.parse('2026-01-01T00:00:00Z');
  readonly now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

/**
 * The in-memory rate limits (per-address request buckets, the hourly mail budget) at their
 * boundaries, on a server with GoTrue's stricter limits and a clock the test moves.
 */
export function rateWindowsSuite(engine: Engine): void {
  const harness = new EngineHarness(engine);
  const clock = new ManualClock();
  let server: LocalSupabase;
  let service: SupabaseClient;

  beforeAll(async () => {
    server = await harness.server({
      bcryptCost: 4,
      now: clock.now,
      authOverrides: {
        enableAnonymousSignIns: true,
        // tokenRefresh 300 per 5 minutes: one request back per second; 15 MFA calls a minute: one per 4 s.
        rateLimit: {
          emailSent: 2,
          anonymousUsers: 2,
          tokenRefresh: 300,
          signInSignUps: 300,
          tokenVerifications: 300,
        },
      },
    });
    service = client(server, server.serviceRoleKey);
  });
  afterAll(async () => {
    await harness.stop();
  });

  /**
   * Spends a full bucket, then checks the next request is refused, one just before a token has
   * trickled back is refused too, and one just after goes through.
   */
  async function expectBucket(
    request: () => Promise<number>,
    burst: number,
    refillMs: number,
  ): Promise<void> {
    clock.advance(24 * 3600 * 1000);
    for (let i = 0; i < burst; i++) expect(await request(), `request ${i + 1} of the burst`).not.toBe(429);
    expect(await request(), 'the request after the burst').toBe(429);
    clock.advance(refillMs - 1);
    expect(await request(), 'just before a token is back').toBe(429);
    clock.advance(2);
    expect(await request(), 'just after a token is back').not.toBe(429);
  }

  describe(`${engine}: in-memory rate limits at their window`, () => {
    it('token grants (token_refresh): 30 at once, then one a second', async () => {
      const email = uniqueEmail('bucket-token');
      await service.auth.admin.createUser({ email, password: 'correct-horse-1', email_confirm: true });
      await expectBucket(
        async () =>
          (await rawAuth(server, '/token?grant_type=password', { email, password: 'wrong-pass' })).status,
        30,
        1000,
      );
    });

    it('verifications (token_verifications): 30 at once, then one a second', async () => {
      await expectBucket(
        async () =>
          (await rawAuth(server, '/verify', { type: 'recovery', token_hash: 'f'.repeat(56) })).status,
        30,
        1000,
      );
    });

    it('recovery requests (sign_in_sign_ups): 30 at once, then one a second', async () => {
      await expectBucket(
        async () => (await rawAuth(server, '/recover', { email: uniqueEmail('nobody') })).status,
        30,
        1000,
      );
    });

    it('anonymous sign-ins: the hourly number at once, then one per share of the hour', async () => {
      await expectBucket(async () => (await rawAuth(server, '/signup', {})).status, 2, 1800 * 1000);
    });

    it('MFA challenges: 30 at once per factor, then one every 4 seconds', async () => {
      clock.advance(24 * 3600 * 1000);
      const u = await signedInUser(server, 'bucket-mfa', 'correct-horse-1');
      const enrolled = await u.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
      if (enrolled.error) throw enrolled.error;
      const factorId = enrolled.data.id;
      await expectBucket(
        async () => (await rawAuth(server, `/factors/${factorId}/challenge`, {}, u.accessToken)).status,
        30,
        4000,
      );
    });

    it('the hourly e-mail budget: spent within the hour, open again when the hour is over', async () => {
      await withAuthSettings(server, { enableConfirmations: true }, async () => {
        const users = await Promise.all(
          [0, 1, 2, 3].map(async (i) => {
            const email = uniqueEmail(`budget-${i}`);
            const created = await service.auth.admin.createUser({
              email,
              password: 'correct-horse-1',
              email_confirm: true,
            });
            if (created.error) throw created.error;
            return email;
          }),
        );
        const ask = async (email: string) => (await rawAuth(server, '/recover', { email })).status;
        clock.advance(24 * 3600 * 1000);
        const windowStart = clock.now();
        expect(await ask(users[0] as string)).toBe(200);
        expect(await ask(users[1] as string)).toBe(200);
        const over = await rawAuth(server, '/recover', { email: users[2] });
        expect(over.status).toBe(429);
        expect(await errorCode(over)).toBe('over_email_send_rate_limit');
        clock.advance(windowStart + 3600 * 1000 - 1 - clock.now());
        expect(await ask(users[2] as string), 'just before the hour is over').toBe(429);
        clock.advance(1);
        expect(await ask(users[3] as string), 'once the hour is over').toBe(200);
      });
    });
  });
}
