import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthChangeEvent, SupabaseClient } from '@supabase/supabase-js';
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '../../../../supabase/local/server';
import { endpointsSuite } from './endpoints';
import { outbox } from './mail';
import { securitySuite, type SuiteContext } from './security';
import { EngineHarness, client, signedInUser, sleep, uniqueEmail, waitFor, type Engine } from '../harness';

const RESET_PAGE = 'http://127.0.0.1:4321/reset-password';

/** The auth conformance suite against one engine, driven through supabase-js (raw HTTP for wire details). */
export function authSuite(engine: Engine): void {
  const harness = new EngineHarness(engine);
  let server: LocalSupabase;
  const ctx: SuiteContext = { engine, harness, server: () => server };
  let anon: SupabaseClient;
  let service: SupabaseClient;

  beforeAll(async () => {
    server = await harness.server();
    anon = client(server);
    service = client(server, server.serviceRoleKey);
  });
  afterAll(async () => {
    await harness.stop();
  });

  securitySuite(ctx);
  endpointsSuite(ctx);

  const getUserWith = (token: string): Promise<Response> =>
    fetch(`${server.url}/auth/v1/user`, {
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    });

  describe(`${engine}: auth`, () => {
    it('signs up with metadata, fires SIGNED_IN, runs the profile trigger, and refuses duplicates and weak passwords', async () => {
      const c = client(server);
      const events: AuthChangeEvent[] = [];
      c.auth.onAuthStateChange((event) => {
        events.push(event);
      });
      const email = uniqueEmail('signup');
      const { data, error } = await c.auth.signUp({
        email: email.toUpperCase(),
        password: 'password-123',
        options: { data: { username: 'alice' } },
      });
      expect(error).toBeNull();
      expect(data.session).not.toBeNull();
      expect(data.user?.email).toBe(email);
      expect(data.user?.user_metadata['username']).toBe('alice');
      await waitFor(() => events.includes('SIGNED_IN'), 2000, 'SIGNED_IN');
      const profile = await c.from('profiles').select('id, username').single();
      expect(profile.data).toEqual({ id: data.user?.id, username: 'alice' });
      const admin = await service.auth.admin.getUserById(data.user?.id ?? '');
      expect(admin.data.user?.user_metadata).toMatchObject({ username: 'alice', email_verified: true });

      const again = await client(server).auth.signUp({ email, password: 'password-123' });
      expect(again.error?.status).toBe(422);
      expect(again.error?.code).toBe('user_already_exists');
      expect(again.error?.message).toBe('User already registered');

      const weak = await client(server).auth.signUp({ email: uniqueEmail('weak'), password: 'short12' });
      expect(weak.error?.name).toBe('AuthWeakPasswordError');
      expect(weak.error?.status).toBe(422);
      expect(weak.error?.code).toBe('weak_password');
      expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
      expect(weak.error?.message).toBe('Password should be at least 8 characters.');

      // bcrypt, checkable by pgcrypto's crypt() as seed.sql files use it.
      const stored = await server.db.query<{ ok: boolean; hash: string }>(
        `select encrypted_password as hash, encrypted_password = extensions.crypt('password-123', encrypted_password) as ok
         from auth.users where email = $1`,
        [email],
      );
      expect(stored.rows[0]?.hash).toMatch(/^\$2a\$\d\d\$/);
      expect(stored.rows[0]?.ok).toBe(true);

      const anonymous = await client(server).auth.signInAnonymously();
      expect(anonymous.error?.code).toBe('anonymous_provider_disabled');

      const badEmail = await client(server).auth.signUp({ email: 'not-an-email', password: 'password-123' });
      expect(badEmail.error?.status).toBe(400);
      expect(badEmail.error?.code).toBe('validation_failed');
    });

    it('turns a failing auth.users trigger into a 500 and keeps no user', async () => {
      const email = uniqueEmail('explode');
      const { error } = await client(server).auth.signUp({
        email,
        password: 'password-123',
        options: { data: { username: 'explode' } },
      });
      expect(error?.status).toBe(500);
      expect(error?.name).toBe('AuthRetryableFetchError');
      const signIn = await client(server).auth.signInWithPassword({ email, password: 'password-123' });
      expect(signIn.error?.code).toBe('invalid_credentials');
    });

    it('signs in with a password and issues a GoTrue-shaped HS256 JWT; wrong passwords get invalid_credentials', async () => {
      const email = uniqueEmail('signin');
      await service.auth.admin.createUser({ email, password: 'password-123', email_confirm: true });
      const wrong = await client(server).auth.signInWithPassword({ email, password: 'password-124' });
      expect(wrong.error?.status).toBe(400);
      expect(wrong.error?.code).toBe('invalid_credentials');
      expect(wrong.error?.message).toBe('Invalid login credentials');
      const unknown = await client(server).auth.signInWithPassword({
        email: uniqueEmail('nobody'),
        password: 'password-123',
      });
      expect(unknown.error?.code).toBe('invalid_credentials');

      const { data, error } = await client(server).auth.signInWithPassword({
        email,
        password: 'password-123',
      });
      expect(error).toBeNull();
      const token = data.session?.access_token ?? '';
      expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
      const { payload } = await jwtVerify(token, new TextEncoder().encode(server.jwtSecret));
      expect(Object.keys(payload)).toEqual([
        'iss',
        'sub',
        'aud',
        'exp',
        'iat',
        'email',
        'phone',
        'app_metadata',
        'user_metadata',
        'role',
        'aal',
        'amr',
        'session_id',
        'is_anonymous',
      ]);
      expect(payload).toMatchObject({
        iss: `${server.url}/auth/v1`,
        sub: data.user?.id,
        aud: 'authenticated',
        role: 'authenticated',
        email,
        aal: 'aal1',
        app_metadata: { provider: 'email', providers: ['email'] },
      });
      expect((payload['amr'] as Array<{ method: string }>)[0]?.method).toBe('password');
      expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
      expect(data.session?.expires_in).toBe(3600);
    });

    it('gets and updates the user: merged metadata, USER_UPDATED, password change revoking other sessions', async () => {
      const u = await signedInUser(server, 'update');
      const other = client(server);
      await other.auth.signInWithPassword({ email: u.email, password: u.password });
      const events: AuthChangeEvent[] = [];
      u.client.auth.onAuthStateChange((e) => {
        events.push(e);
      });
      const got = await u.client.auth.getUser();
      expect(got.data.user?.email).toBe(u.email);

      const upd = await u.client.auth.updateUser({ data: { theme: 'dark', username: null } });
      expect(upd.error).toBeNull();
      expect(upd.data.user?.user_metadata['theme']).toBe('dark');
      expect(upd.data.user?.user_metadata).not.toHaveProperty('username');
      await waitFor(() => events.includes('USER_UPDATED'), 2000, 'USER_UPDATED');

      const same = await u.client.auth.updateUser({ password: u.password });
      expect(same.error?.code).toBe('same_password');
      expect(same.error?.status).toBe(422);
      const weak = await u.client.auth.updateUser({ password: 'short' });
      expect(weak.error?.code).toBe('weak_password');

      const changed = await u.client.auth.updateUser({ password: 'new-password-9' });
      expect(changed.error).toBeNull();
      // auth-js turns session_not_found into AuthSessionMissingError.
      const otherUser = await other.auth.getUser();
      expect(otherUser.error?.name).toBe('AuthSessionMissingError');
      expect((await u.client.auth.getUser()).error).toBeNull();
      const old = await client(server).auth.signInWithPassword({ email: u.email, password: u.password });
      expect(old.error?.code).toBe('invalid_credentials');
      const fresh = await client(server).auth.signInWithPassword({
        email: u.email,
        password: 'new-password-9',
      });
      expect(fresh.error).toBeNull();
    });

    it('rejects bad bearers on /user with GoTrue codes', async () => {
      const none = await fetch(`${server.url}/auth/v1/user`, {
        headers: { apikey: server.anonKey, 'x-supabase-api-version': '2024-01-01' },
      });
      // The gateway puts the apikey in Authorization (as Kong does), so no bearer means "no sub".
      expect(none.status).toBe(403);
      expect(((await none.json()) as { code: string }).code).toBe('bad_jwt');
      const forged = await new SignJWT({ sub: '00000000-0000-0000-0000-000000000000', role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('a-completely-different-secret-of-32-chars!!'));
      const res = await getUserWith(forged);
      expect(res.status).toBe(403);
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(((await res.json()) as { code: string }).code).toBe('bad_jwt');
      const ghost = await new SignJWT({ sub: '00000000-0000-0000-0000-000000000000', role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(server.jwtSecret));
      const ghostRes = await getUserWith(ghost);
      expect(((await ghostRes.json()) as { code: string }).code).toBe('user_not_found');
    });

    it('signs out with local, others and global scopes', async () => {
      const u = await signedInUser(server, 'signout');
      const sessions: SupabaseClient[] = [];
      const tokens: string[] = [];
      for (let i = 0; i < 3; i++) {
        const c = client(server);
        const { data } = await c.auth.signInWithPassword({ email: u.email, password: u.password });
        sessions.push(c);
        tokens.push(data.session?.access_token ?? '');
      }
      const [a, b, c] = sessions as [SupabaseClient, SupabaseClient, SupabaseClient];
      expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
      const dead = await getUserWith(tokens[0] ?? '');
      expect(dead.status).toBe(403);
      expect(((await dead.json()) as { code: string }).code).toBe('session_not_found');
      expect((await getUserWith(tokens[1] ?? '')).status).toBe(200);

      expect((await b.auth.signOut({ scope: 'others' })).error).toBeNull();
      expect((await getUserWith(tokens[1] ?? '')).status).toBe(200);
      expect((await getUserWith(tokens[2] ?? '')).status).toBe(403);
      expect((await getUserWith(u.accessToken)).status).toBe(403);
      expect((await c.auth.getUser()).error?.name).toBe('AuthSessionMissingError');

      expect((await b.auth.signOut()).error).toBeNull();
      expect((await getUserWith(tokens[1] ?? '')).status).toBe(403);
    });

    it('lets the service role create and delete users; others may not', async () => {
      const email = uniqueEmail('admin');
      const created = await service.auth.admin.createUser({
        email,
        password: 'password-123',
        email_confirm: true,
        user_metadata: { username: 'seeded' },
      });
      expect(created.error).toBeNull();
      expect(created.data.user?.email_confirmed_at).toBeTruthy();
      expect(created.data.user?.user_metadata['username']).toBe('seeded');
      const dup = await service.auth.admin.createUser({ email, password: 'password-123' });
      expect(dup.error?.code).toBe('email_exists');
      const notAdmin = await anon.auth.admin.createUser({
        email: uniqueEmail('x'),
        password: 'password-123',
      });
      expect(notAdmin.error?.status).toBe(403);

      const signedIn = await client(server).auth.signInWithPassword({ email, password: 'password-123' });
      const token = signedIn.data.session?.access_token ?? '';
      const list = await service.auth.admin.listUsers();
      expect(list.data.users.some((user) => user.email === email)).toBe(true);
      const del = await service.auth.admin.deleteUser(created.data.user?.id ?? '');
      expect(del.error).toBeNull();
      const after = await getUserWith(token);
      expect(after.status).toBe(403);
      expect(((await after.json()) as { code: string }).code).toBe('user_not_found');
      const profile = await service
        .from('profiles')
        .select('id')
        .eq('id', created.data.user?.id ?? '');
      expect(profile.data).toEqual([]);
    });

    it('recovers a password by the implicit link in the outbox, once', async () => {
      const u = await signedInUser(server, 'recover');
      const r = await client(server).auth.resetPasswordForEmail(u.email, { redirectTo: RESET_PAGE });
      expect(r.error).toBeNull();
      const again = await client(server).auth.resetPasswordForEmail(u.email, { redirectTo: RESET_PAGE });
      expect(again.error?.status).toBe(429);
      expect(again.error?.code).toBe('over_email_send_rate_limit');
      const unknown = await client(server).auth.resetPasswordForEmail(uniqueEmail('nobody'), {
        redirectTo: RESET_PAGE,
      });
      expect(unknown.error).toBeNull();

      const mailRes = await outbox(server, `/latest?to=${encodeURIComponent(u.email)}`);
      const mail = (await mailRes.json()) as { link: string; token: string; to: string; subject: string };
      expect(mail.to).toBe(u.email);
      expect(mail.link).toContain(`${server.url}/auth/v1/verify?token=`);
      const list = (await (await outbox(server, ``)).json()) as Array<{ to: string }>;
      expect(list[0]?.to).toBe(u.email);
      const files = readdirSync(server.outboxDir ?? '');
      const text = files
        .filter((f) => f.endsWith('.txt'))
        .map((f) => readFileSync(join(server.outboxDir ?? '', f), 'utf8'));
      expect(text.some((t) => t.includes(`To: ${u.email}`) && t.includes(mail.link))).toBe(true);

      const click = await fetch(mail.link, { redirect: 'manual' });
      expect(click.status).toBe(303);
      const location = click.headers.get('location') ?? '';
      expect(location.startsWith(`${RESET_PAGE}#access_token=`)).toBe(true);
      const fragment = new URLSearchParams(location.split('#')[1]);
      expect(fragment.get('type')).toBe('recovery');
      expect(fragment.get('token_type')).toBe('bearer');

      const page = client(server);
      const set = await page.auth.setSession({
        access_token: fragment.get('access_token') ?? '',
        refresh_token: fragment.get('refresh_token') ?? '',
      });
      expect(set.error).toBeNull();
      const { payload } = await jwtVerify(
        fragment.get('access_token') ?? '',
        new TextEncoder().encode(server.jwtSecret),
      );
      expect((payload['amr'] as Array<{ method: string }>)[0]?.method).toBe('otp');
      expect((await page.auth.updateUser({ password: 'recovered-pass-1' })).error).toBeNull();
      expect(
        (await client(server).auth.signInWithPassword({ email: u.email, password: 'recovered-pass-1' }))
          .error,
      ).toBeNull();

      const reused = await fetch(mail.link, { redirect: 'manual' });
      expect(reused.headers.get('location')).toContain('#error=access_denied&error_code=otp_expired');
    });

    it('recovers a password with PKCE: ?code= then exchangeCodeForSession emits PASSWORD_RECOVERY', async () => {
      const u = await signedInUser(server, 'pkce');
      const page = client(server, server.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'pkce' },
      });
      const events: AuthChangeEvent[] = [];
      page.auth.onAuthStateChange((e) => {
        events.push(e);
      });
      expect((await page.auth.resetPasswordForEmail(u.email, { redirectTo: RESET_PAGE })).error).toBeNull();
      const mail = (await (await outbox(server, `/latest?to=${encodeURIComponent(u.email)}`)).json()) as {
        link: string;
      };
      expect(mail.link).toContain('token=pkce_');
      const click = await fetch(mail.link, { redirect: 'manual' });
      const location = new URL(click.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(RESET_PAGE);
      const code = location.searchParams.get('code') ?? '';
      expect(code).toMatch(/^[0-9a-f-]{36}$/);
      const exchanged = await page.auth.exchangeCodeForSession(code);
      expect(exchanged.error).toBeNull();
      await waitFor(() => events.includes('PASSWORD_RECOVERY'), 2000, 'PASSWORD_RECOVERY');
      expect((await page.auth.updateUser({ password: 'pkce-new-pass' })).error).toBeNull();
      const second = await client(server).auth.exchangeCodeForSession(code);
      expect(second.error).not.toBeNull();
    });

    it('verifies a recovery code (verifyOtp) once', async () => {
      const u = await signedInUser(server, 'otp');
      await client(server).auth.resetPasswordForEmail(u.email, { redirectTo: RESET_PAGE });
      const mail = (await (await outbox(server, `/latest?to=${encodeURIComponent(u.email)}`)).json()) as {
        token: string;
      };
      expect(mail.token).toMatch(/^\d{6}$/);
      const c = client(server);
      const events: AuthChangeEvent[] = [];
      c.auth.onAuthStateChange((e) => {
        events.push(e);
      });
      const ok = await c.auth.verifyOtp({ type: 'recovery', email: u.email, token: mail.token });
      expect(ok.error).toBeNull();
      expect(ok.data.session).not.toBeNull();
      await waitFor(() => events.includes('PASSWORD_RECOVERY'), 2000, 'PASSWORD_RECOVERY');
      const reused = await client(server).auth.verifyOtp({
        type: 'recovery',
        email: u.email,
        token: mail.token,
      });
      expect(reused.error?.status).toBe(403);
      expect(reused.error?.code).toBe('otp_expired');
    });
  });

  describe(`${engine}: token refresh (short jwt_expiry)`, () => {
    let short: LocalSupabase;
    let saved: LocalSupabase['config']['auth'];
    beforeAll(() => {
      // Non-default auth settings on the same server: short tokens, short reuse window, confirmations on.
      short = server;
      saved = { ...server.config.auth };
      server.setAuthOverrides({ jwtExpiry: 60, refreshTokenReuseInterval: 1, enableConfirmations: true });
    });
    afterAll(() => {
      server.setAuthOverrides(saved);
    });

    it('refreshes in getSession() when under 90 s remain and fires TOKEN_REFRESHED', async () => {
      const c = client(short);
      const events: AuthChangeEvent[] = [];
      c.auth.onAuthStateChange((e) => {
        events.push(e);
      });
      const email = uniqueEmail('refresh');
      await client(short, short.serviceRoleKey).auth.admin.createUser({
        email,
        password: 'password-123',
        email_confirm: true,
      });
      const signUp = await c.auth.signInWithPassword({ email, password: 'password-123' });
      expect(signUp.data.session?.expires_in).toBe(60);
      const first = signUp.data.session?.refresh_token;
      const { data } = await c.auth.getSession();
      expect(data.session?.refresh_token).not.toBe(first);
      await waitFor(() => events.includes('TOKEN_REFRESHED'), 3000, 'TOKEN_REFRESHED');
      expect((await c.from('profiles').select('id')).data?.length).toBe(1);
    });

    it('with confirmations on: signUp returns no session, mails a link, and the link confirms and signs in', async () => {
      const email = uniqueEmail('confirm');
      const c = client(short);
      const signUp = await c.auth.signUp({
        email,
        password: 'password-123',
        options: { emailRedirectTo: 'http://127.0.0.1:4321/welcome' },
      });
      expect(signUp.error).toBeNull();
      expect(signUp.data.session).toBeNull();
      expect(signUp.data.user?.email_confirmed_at).toBeUndefined();
      const early = await client(short).auth.signInWithPassword({ email, password: 'password-123' });
      expect(early.error?.code).toBe('email_not_confirmed');
      const mail = (await (await outbox(server, `/latest?to=${encodeURIComponent(email)}`)).json()) as {
        link: string;
        type: string;
      };
      expect(mail.type).toBe('signup');
      await sleep(1100); // max_frequency is 1 s
      expect(
        (
          await client(short).auth.resend({
            type: 'signup',
            email,
            options: { emailRedirectTo: 'http://127.0.0.1:4321/welcome' },
          })
        ).error,
      ).toBeNull();
      const resent = (await (await outbox(server, `/latest?to=${encodeURIComponent(email)}`)).json()) as {
        link: string;
      };
      expect(resent.link).not.toBe(mail.link);
      const stale = await fetch(mail.link, { redirect: 'manual' });
      expect(stale.headers.get('location')).toContain('error_code=otp_expired');
      const click = await fetch(resent.link, { redirect: 'manual' });
      const location = click.headers.get('location') ?? '';
      expect(location.startsWith('http://127.0.0.1:4321/welcome#access_token=')).toBe(true);
      expect(new URLSearchParams(location.split('#')[1]).get('type')).toBe('signup');
      expect(
        (await client(short).auth.signInWithPassword({ email, password: 'password-123' })).error,
      ).toBeNull();
    });

    it('rotates refresh tokens, tolerates the parent, and revokes the family on older reuse', async () => {
      const email = uniqueEmail('rotate');
      await client(short, short.serviceRoleKey).auth.admin.createUser({
        email,
        password: 'password-123',
        email_confirm: true,
      });
      const signIn = await client(short).auth.signInWithPassword({ email, password: 'password-123' });
      const a = signIn.data.session?.refresh_token ?? '';
      const toB = await client(short).auth.refreshSession({ refresh_token: a });
      const b = toB.data.session?.refresh_token ?? '';
      expect(b).not.toBe(a);
      const toC = await client(short).auth.refreshSession({ refresh_token: b });
      const c = toC.data.session?.refresh_token ?? '';
      expect(c).not.toBe(b);
      const parent = await client(short).auth.refreshSession({ refresh_token: b });
      expect(parent.error).toBeNull();
      expect(parent.data.session?.refresh_token).toBe(c);
      await sleep(1200);
      const reuse = await client(short).auth.refreshSession({ refresh_token: a });
      expect(reuse.error?.status).toBe(400);
      expect(reuse.error?.code).toBe('refresh_token_already_used');
      const afterFamilyRevoked = await client(short).auth.refreshSession({ refresh_token: c });
      expect(afterFamilyRevoked.error).not.toBeNull();
      const unknown = await client(short).auth.refreshSession({ refresh_token: 'nosuchtoken1' });
      expect(unknown.error?.code).toBe('refresh_token_not_found');
    });
  });
}
