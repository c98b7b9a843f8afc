import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthChangeEvent, RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LocalSupabase } from '../../../supabase/local/server';
import { EngineHarness, client, signedInUser, sleep, uniqueEmail, waitFor, type Engine } from './harness';

const RESET_PAGE = 'http://127.0.0.1:4321/reset-password';

/** The whole conformance suite against one engine; driven only through supabase-js (and raw HTTP/WS for wire details). */
export function conformanceSuite(engine: Engine): void {
  const harness = new EngineHarness(engine);
  let server: LocalSupabase;
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

  const rest = (path: string, init: RequestInit & { token?: string } = {}): Promise<Response> =>
    fetch(`${server.url}/rest/v1${path}`, {
      ...init,
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${init.token ?? server.anonKey}`,
        'content-type': 'application/json',
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  const getUserWith = (token: string): Promise<Response> =>
    fetch(`${server.url}/auth/v1/user`, {
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    });

  describe(`${engine}: gateway`, () => {
    it('requires an apikey, except on e-mail link routes', async () => {
      const res = await fetch(`${server.url}/rest/v1/items`);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
      const bad = await fetch(`${server.url}/rest/v1/items`, { headers: { apikey: 'not-a-key' } });
      expect(bad.status).toBe(401);
      const verify = await fetch(`${server.url}/auth/v1/verify?token=nope&type=recovery`, {
        redirect: 'manual',
      });
      expect(verify.status).toBe(303);
    });

    it('answers CORS preflights and exposes the headers browsers need', async () => {
      const pre = await fetch(`${server.url}/rest/v1/items`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://127.0.0.1:4321',
          'access-control-request-method': 'POST',
          'access-control-request-headers':
            'apikey, authorization, content-type, x-client-info, prefer, x-retry-count',
        },
      });
      expect(pre.status).toBe(200);
      expect(pre.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321');
      expect(pre.headers.get('access-control-allow-headers')).toBe(
        'apikey, authorization, content-type, x-client-info, prefer, x-retry-count',
      );
      expect(pre.headers.get('access-control-allow-methods')).toContain('PATCH');
      const res = await rest('/items?select=id', { headers: { origin: 'http://127.0.0.1:4321' } });
      const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
      expect(exposed).toContain('content-range');
      expect(exposed).toContain('x-supabase-api-version');
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    });

    it('maps the new sb_publishable_/sb_secret_ keys to anon and service_role', async () => {
      const pub = client(server, server.publishableKey);
      const who = await pub.rpc('whoami');
      expect(who.error).toBeNull();
      expect((who.data as { role: string }).role).toBe('anon');
      const secret = client(server, server.secretKey);
      const who2 = await secret.rpc('whoami');
      expect((who2.data as { role: string }).role).toBe('service_role');
    });
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

      const mailRes = await fetch(`${server.url}/__local/outbox/latest?to=${encodeURIComponent(u.email)}`);
      const mail = (await mailRes.json()) as { link: string; token: string; to: string; subject: string };
      expect(mail.to).toBe(u.email);
      expect(mail.link).toContain(`${server.url}/auth/v1/verify?token=`);
      const list = (await (await fetch(`${server.url}/__local/outbox`)).json()) as Array<{ to: string }>;
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
      const mail = (await (
        await fetch(`${server.url}/__local/outbox/latest?to=${encodeURIComponent(u.email)}`)
      ).json()) as { link: string };
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
      const mail = (await (
        await fetch(`${server.url}/__local/outbox/latest?to=${encodeURIComponent(u.email)}`)
      ).json()) as { token: string };
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
      const mail = (await (
        await fetch(`${short.url}/__local/outbox/latest?to=${encodeURIComponent(email)}`)
      ).json()) as {
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
      const resent = (await (
        await fetch(`${short.url}/__local/outbox/latest?to=${encodeURIComponent(email)}`)
      ).json()) as {
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

  describe(`${engine}: realtime`, () => {
    interface Seen {
      eventType: string;
      new: Record<string, unknown>;
      old: Record<string, unknown>;
      table: string;
      commit_timestamp: string;
      errors: unknown;
    }

    async function subscribe(
      c: SupabaseClient,
      name: string,
      bindings: Array<{
        event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
        table: string;
        filter?: string;
        tag: string;
      }>,
    ): Promise<{ channel: RealtimeChannel; seen: Array<Seen & { tag: string }>; statuses: string[] }> {
      const seen: Array<Seen & { tag: string }> = [];
      const statuses: string[] = [];
      let system: { status?: string; message?: string } | undefined;
      let channel = c.channel(name);
      for (const b of bindings) {
        channel = channel.on(
          'postgres_changes',
          {
            event: b.event,
            schema: 'public',
            table: b.table,
            ...(b.filter ? { filter: b.filter } : {}),
          } as never,
          (payload: Seen) => seen.push({ ...payload, tag: b.tag }),
        );
      }
      channel = channel.on('system', {}, (payload: { status?: string; message?: string }) => {
        system = payload;
      });
      channel.subscribe((status) => statuses.push(status));
      await waitFor(() => statuses.includes('SUBSCRIBED'), 10000, `${name} SUBSCRIBED`);
      const ready = await waitFor(() => system, 10000, `${name} system message`);
      expect(ready).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' });
      return { channel, seen, statuses };
    }

    it('delivers changes only to subscribers RLS lets see the row, without hidden columns', async () => {
      const a = await signedInUser(server, 'rt-a');
      const b = await signedInUser(server, 'rt-b');
      const anonClient = client(server);
      const serviceClient = client(server, server.serviceRoleKey);
      const subA = await subscribe(a.client, 'notes-a', [
        { event: 'INSERT', table: 'notes', filter: `owner=eq.${a.id}`, tag: 'insert-own' },
        { event: '*', table: 'notes', tag: 'all' },
      ]);
      const subB = await subscribe(b.client, 'notes-b', [{ event: '*', table: 'notes', tag: 'all' }]);
      const subAnon = await subscribe(anonClient, 'notes-anon', [{ event: '*', table: 'notes', tag: 'all' }]);
      const subService = await subscribe(serviceClient, 'notes-service', [
        { event: '*', table: 'notes', tag: 'all' },
      ]);

      const inserted = await a.client
        .from('notes')
        .insert({ title: 'realtime', amount: 5, tags: ['x'] })
        .select('id')
        .single();
      const id = inserted.data?.id as number;
      await waitFor(() => subA.seen.length >= 2, 10000, 'A receives INSERT twice');
      await waitFor(() => subService.seen.length >= 1, 10000, 'service receives INSERT');
      expect(subA.seen.map((s) => s.tag).sort()).toEqual(['all', 'insert-own']);
      const rec = subA.seen[0] as Seen;
      expect(rec.eventType).toBe('INSERT');
      expect(rec.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(rec.errors).toBeNull();
      expect(rec.new).toMatchObject({ id, owner: a.id, title: 'realtime', amount: 5, tags: ['x'] });
      expect(rec.new).not.toHaveProperty('secret');
      expect(subService.seen[0]?.new).toHaveProperty('secret', 'hidden');

      await a.client.from('notes').update({ title: 'changed' }).eq('id', id);
      await waitFor(() => subA.seen.some((s) => s.eventType === 'UPDATE'), 10000, 'A receives UPDATE');
      // The RLS check runs at delivery time (as on Supabase): delete only once every UPDATE went out.
      await waitFor(() => subService.seen.length >= 2, 10000, 'service receives UPDATE');
      const upd = subA.seen.find((s) => s.eventType === 'UPDATE') as Seen;
      expect(upd.new).toMatchObject({ id, title: 'changed' });
      expect(upd.old).toEqual({ id });

      await a.client.from('notes').delete().eq('id', id);
      await waitFor(() => subA.seen.some((s) => s.eventType === 'DELETE'), 10000, 'A receives DELETE');
      expect((subA.seen.find((s) => s.eventType === 'DELETE') as Seen).old).toEqual({ id });
      await waitFor(() => subService.seen.length >= 3, 10000, 'service receives all three');
      await sleep(200);
      // Member B and anon never see A's row; a DELETE reaches them only as its primary key (as on Supabase).
      expect(subB.seen.filter((s) => s.eventType !== 'DELETE')).toEqual([]);
      expect(subAnon.seen.filter((s) => s.eventType !== 'DELETE')).toEqual([]);
      for (const s of [...subB.seen, ...subAnon.seen]) expect(s.old).toEqual({ id });
      for (const c of [a.client, b.client, anonClient, serviceClient]) await c.removeAllChannels();
    });

    it('applies filters (eq, in) and event types, and sends nothing for rolled-back writes', async () => {
      const c = client(server);
      const sub = await subscribe(c, 'items-filters', [
        { event: 'UPDATE', table: 'items', filter: 'category=eq.fruit', tag: 'fruit-updates' },
        { event: 'INSERT', table: 'items', filter: 'id=in.(200,201)', tag: 'some-inserts' },
      ]);
      await service.from('items').update({ qty: 6 }).eq('id', 3);
      await service.from('items').update({ qty: 11 }).eq('id', 1);
      await service.from('items').insert([
        { id: 202, name: 'other' },
        { id: 201, name: 'wanted' },
      ]);
      const failed = await service.from('items').insert([
        { id: 200, name: 'ok-row' },
        { id: 203, name: 'apple' },
      ]);
      expect(failed.error?.code).toBe('23505');
      await waitFor(() => sub.seen.length >= 2, 10000, 'two deliveries');
      await sleep(300);
      expect(sub.seen.map((s) => `${s.tag}:${s.eventType}:${String(s.new['id'])}`).sort()).toEqual([
        'fruit-updates:UPDATE:1',
        'some-inserts:INSERT:201',
      ]);
      await service.from('items').delete().in('id', [201, 202]);
      await service.from('items').update({ qty: 10 }).eq('id', 1);
      await service.from('items').update({ qty: 5 }).eq('id', 3);
      await c.removeAllChannels();
    });

    it('follows access_token changes: after signOut the channel is anon and gets only what anon may read', async () => {
      const u = await signedInUser(server, 'rt-signout');
      const sub = await subscribe(u.client, 'signout', [
        { event: 'INSERT', table: 'notes', tag: 'notes' },
        { event: 'INSERT', table: 'items', tag: 'items' },
      ]);
      await service.from('notes').insert({ title: 'before', owner: u.id });
      await waitFor(() => sub.seen.some((s) => s.tag === 'notes'), 10000, 'note before signOut');
      await u.client.auth.signOut();
      await sleep(300);
      await service.from('notes').insert({ title: 'after', owner: u.id });
      await service.from('items').insert({ id: 300, name: 'after-signout' });
      await waitFor(() => sub.seen.some((s) => s.tag === 'items'), 10000, 'item after signOut');
      await sleep(200);
      expect(sub.seen.filter((s) => s.tag === 'notes').map((s) => s.new['title'])).toEqual(['before']);
      await service.from('items').delete().eq('id', 300);
      const statuses: string[] = [];
      await u.client.removeChannel(sub.channel).then((r) => statuses.push(r));
      expect(statuses).toEqual(['ok']);
      expect(sub.statuses).toContain('CLOSED');
    });

    it('reports a bad filter through a system error, and rejoins after the socket drops', async () => {
      const c = client(server);
      const systems: Array<{ status?: string; message?: string }> = [];
      const badStatuses: string[] = [];
      c.channel('bad-filter')
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'items', filter: 'nope=eq.1' },
          () => undefined,
        )
        .on('system', {}, (p: { status?: string; message?: string }) => systems.push(p))
        .subscribe((s) => badStatuses.push(s));
      await waitFor(() => systems[0], 10000, 'system message');
      expect(badStatuses).toContain('SUBSCRIBED');
      expect(systems[0]).toMatchObject({ status: 'error' });
      expect(systems[0]?.message).toContain('nope');
      await c.removeAllChannels();

      const sub = await subscribe(c, 'reconnect', [
        { event: 'UPDATE', table: 'items', filter: 'id=eq.2', tag: 'item2' },
      ]);
      expect(server.dropRealtimeConnections()).toBeGreaterThan(0);
      await waitFor(() => sub.statuses.includes('CHANNEL_ERROR'), 10000, 'CHANNEL_ERROR');
      await waitFor(
        () => sub.statuses.lastIndexOf('SUBSCRIBED') > sub.statuses.indexOf('CHANNEL_ERROR'),
        10000,
        'rejoin',
      );
      await sleep(300);
      await service.from('items').update({ qty: 1 }).eq('id', 2);
      await waitFor(() => sub.seen.length === 1, 10000, 'delivery after rejoin');
      await service.from('items').update({ qty: 0 }).eq('id', 2);
      await c.removeAllChannels();
    });

    it('speaks Phoenix vsn 2.0.0: heartbeat, join ids in order, bad token errors, leave then phx_close', async () => {
      const wsUrl = `${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=2.0.0`;
      const ws = new WebSocket(wsUrl);
      const frames: unknown[][] = [];
      ws.on('message', (d) => frames.push(JSON.parse(d.toString()) as unknown[]));
      await new Promise((r, j) => {
        ws.once('open', r);
        ws.once('error', j);
      });
      ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
      await waitFor(() => frames.find((f) => f[1] === '1'), 2000, 'heartbeat reply');
      expect(frames.find((f) => f[1] === '1')).toEqual([
        null,
        '1',
        'phoenix',
        'phx_reply',
        { status: 'ok', response: {} },
      ]);
      const bindings = [
        { event: 'INSERT', schema: 'public', table: 'items', filter: 'id=eq.1' },
        { event: '*', schema: 'public', table: 'notes' },
      ];
      ws.send(
        JSON.stringify([
          '2',
          '2',
          'realtime:raw',
          'phx_join',
          { config: { postgres_changes: bindings, private: false } },
        ]),
      );
      const reply = await waitFor(() => frames.find((f) => f[1] === '2'), 2000, 'join reply');
      const response = reply[4] as {
        status: string;
        response: { postgres_changes: Array<Record<string, unknown>> };
      };
      expect(response.status).toBe('ok');
      expect(response.response.postgres_changes.map(({ id: _id, ...rest }) => rest)).toEqual(bindings);
      expect(response.response.postgres_changes.every((b) => b['id'] !== undefined)).toBe(true);
      ws.send(
        JSON.stringify(['3', '3', 'realtime:bad', 'phx_join', { config: {}, access_token: 'not.a.jwt' }]),
      );
      const bad = await waitFor(() => frames.find((f) => f[1] === '3'), 2000, 'bad join reply');
      expect((bad[4] as { status: string; response: { reason: string } }).status).toBe('error');
      expect((bad[4] as { response: { reason: string } }).response.reason).toMatch(/^InvalidJWTToken/);
      // A token that expires while joined ends the channel: system error, then phx_close.
      const soon = await new SignJWT({ role: 'anon' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
        .sign(new TextEncoder().encode(server.jwtSecret));
      ws.send(
        JSON.stringify(['5', '5', 'realtime:expiring', 'phx_join', { config: {}, access_token: soon }]),
      );
      await waitFor(() => frames.find((f) => f[1] === '5'), 2000, 'expiring join reply');
      const ended = await waitFor(
        () => frames.find((f) => f[2] === 'realtime:expiring' && f[3] === 'system'),
        6000,
        'expiry system message',
      );
      expect(ended[4]).toMatchObject({ extension: 'system', status: 'error', channel: 'expiring' });
      await waitFor(
        () => frames.find((f) => f[2] === 'realtime:expiring' && f[3] === 'phx_close'),
        2000,
        'expiry close',
      );
      // A bad access_token update ends the channel the same way.
      ws.send(JSON.stringify(['6', '6', 'realtime:swap', 'phx_join', { config: {} }]));
      await waitFor(() => frames.find((f) => f[1] === '6'), 2000, 'swap join reply');
      ws.send(
        JSON.stringify(['6', '7', 'realtime:swap', 'access_token', { access_token: 'forged.token.value' }]),
      );
      await waitFor(
        () => frames.find((f) => f[2] === 'realtime:swap' && f[3] === 'phx_close'),
        2000,
        'swap close',
      );
      ws.send('this is not json');
      ws.send(JSON.stringify(['2', '4', 'realtime:raw', 'phx_leave', {}]));
      await waitFor(
        () => frames.find((f) => f[2] === 'realtime:raw' && f[3] === 'phx_close'),
        2000,
        'phx_close',
      );
      expect(frames.find((f) => f[1] === '4')).toEqual([
        '2',
        '4',
        'realtime:raw',
        'phx_reply',
        { status: 'ok', response: {} },
      ]);
      expect(frames.find((f) => f[2] === 'realtime:raw' && f[3] === 'phx_close')).toEqual([
        '2',
        '2',
        'realtime:raw',
        'phx_close',
        {},
      ]);
      ws.close();

      const refused = new WebSocket(
        `${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=forged.token.here&vsn=2.0.0`,
      );
      const status = await new Promise<number>((r) => {
        refused.on('unexpected-response', (_req, res) => r(res.statusCode ?? 0));
        refused.on('open', () => r(101));
        refused.on('error', () => undefined);
      });
      expect(status).toBe(401);
      refused.terminate();
    });
  });
}
