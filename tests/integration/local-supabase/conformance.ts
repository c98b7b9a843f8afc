import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthChangeEvent, SupabaseClient } from '@supabase/supabase-js';
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  describe(`${engine}: REST`, () => {
    it('selects columns with aliases, casts and JSON paths, rendered as Postgres renders them', async () => {
      const { data, error } = await anon
        .from('items')
        .select('id, label:name, price, p:price::text, meta->>color, big::text')
        .order('id')
        .limit(2);
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 1, label: 'apple', price: 1.5, p: '1.50', color: 'red', big: '9007199254740993' },
        { id: 2, label: 'banana', price: 0.25, p: '0.25', color: 'yellow', big: '2' },
      ]);
      const raw = await (await rest('/items?select=big,price&id=eq.1')).text();
      expect(raw).toBe('[{"big":9007199254740993,"price":1.50}]');
    });

    it('applies every filter operator and or/and trees', async () => {
      const ids = async (
        q: PromiseLike<{ data: Array<{ id: number }> | null; error: unknown }>,
      ): Promise<number[]> => {
        const { data, error } = await q;
        expect(error).toBeNull();
        return (data ?? []).map((r) => r.id);
      };
      const q = () => anon.from('items').select('id').order('id');
      expect(await ids(q().eq('category', 'fruit'))).toEqual([1, 2]);
      expect(await ids(q().neq('category', 'fruit'))).toEqual([3, 4, 5]);
      expect(await ids(q().gt('price', 0.8))).toEqual([1, 5]);
      expect(await ids(q().gte('price', 0.8))).toEqual([1, 3, 5]);
      expect(await ids(q().lt('price', 0.8))).toEqual([2]);
      expect(await ids(q().lte('price', 0.8))).toEqual([2, 3]);
      expect(await ids(q().like('name', '*an*'))).toEqual([2, 5]);
      expect(await ids(q().ilike('name', 'A%'))).toEqual([1]);
      expect(await ids(q().in('name', ['apple', 'dill, fresh']))).toEqual([1, 4]);
      expect(await ids(q().is('price', null))).toEqual([4]);
      expect(await ids(q().not('qty', 'is', null).eq('active', true))).toEqual([1, 2, 4]);
      expect(await ids(q().not('category', 'in', '(fruit,herb)'))).toEqual([3, 5]);
      expect(await ids(q().is('active', false))).toEqual([3]);
      expect(
        await ids(q().or('id.eq.1,name.eq."dill, fresh",and(category.eq.vegetable,price.gt.1)')),
      ).toEqual([1, 4, 5]);
      expect(await ids(q().or('qty.gt.4,price.is.null').eq('active', true))).toEqual([1, 4]);
      expect(await ids(q().contains('meta', { color: 'red' }))).toEqual([1]);
      expect(await ids(q().eq('meta->>color', 'yellow'))).toEqual([2]);
    });

    it('orders by several columns with nulls placement, limits and ranges', async () => {
      const ordered = await anon
        .from('items')
        .select('id')
        .order('price', { ascending: false, nullsFirst: true })
        .order('id');
      expect(ordered.data?.map((r) => r.id)).toEqual([4, 5, 1, 3, 2]);
      const multi = await anon
        .from('items')
        .select('id')
        .order('category')
        .order('qty', { ascending: false, nullsFirst: false });
      expect(multi.data?.map((r) => r.id)).toEqual([1, 2, 4, 3, 5]);
      const page = await anon.from('items').select('id', { count: 'exact' }).order('id').range(1, 2);
      expect(page.data?.map((r) => r.id)).toEqual([2, 3]);
      expect(page.count).toBe(5);
      expect(page.status).toBe(206);
      const head = await anon
        .from('items')
        .select('*', { count: 'exact', head: true })
        .eq('category', 'fruit');
      expect(head.count).toBe(2);
      expect(head.data).toBeNull();
      const res = await rest('/items?select=id&order=id&limit=2', { headers: { prefer: 'count=exact' } });
      expect(res.headers.get('content-range')).toBe('0-1/5');
    });

    it('enforces single() on the server and maybeSingle() in the client', async () => {
      const one = await anon.from('items').select('name').eq('id', 1).single();
      expect(one.data).toEqual({ name: 'apple' });
      const none = await anon.from('items').select('name').eq('id', 999).single();
      expect(none.status).toBe(406);
      expect(none.error?.code).toBe('PGRST116');
      expect(none.error?.details).toBe('The result contains 0 rows');
      const two = await anon.from('items').select('name').eq('category', 'fruit').single();
      expect(two.error?.code).toBe('PGRST116');
      const maybeNone = await anon.from('items').select('name').eq('id', 999).maybeSingle();
      expect(maybeNone.data).toBeNull();
      expect(maybeNone.error).toBeNull();
      const maybeTwo = await anon.from('items').select('name').eq('category', 'fruit').maybeSingle();
      expect(maybeTwo.error?.code).toBe('PGRST116');
    });

    it('inserts, upserts, updates and deletes with PostgREST statuses', async () => {
      const u = await signedInUser(server, 'writer');
      const plain = await u.client.from('items').insert({ id: 10, name: 'fig', category: 'fruit', price: 3 });
      expect(plain.status).toBe(201);
      expect(plain.data).toBeNull();
      const rep = await u.client
        .from('items')
        .insert({ id: 11, name: 'grape', price: '4.10' })
        .select('id, price::text, active')
        .single();
      expect(rep.status).toBe(201);
      expect(rep.data).toEqual({ id: 11, price: '4.10', active: true });
      // An array is sent with columns=: a missing key becomes NULL, not the default.
      const mixed = await u.client
        .from('items')
        .insert([
          { id: 12, name: 'honeydew', category: 'fruit' },
          { id: 13, name: 'iceberg' },
        ])
        .select('id, category')
        .order('id');
      expect(mixed.data).toEqual([
        { id: 12, category: 'fruit' },
        { id: 13, category: null },
      ]);
      const notNull = await u.client.from('items').insert([
        { id: 14, name: 'jicama', active: false },
        { id: 15, name: 'kale' },
      ]);
      expect(notNull.status).toBe(400);
      expect(notNull.error?.code).toBe('23502');
      const dup = await u.client.from('items').insert({ id: 16, name: 'apple' });
      expect(dup.status).toBe(409);
      expect(dup.error?.code).toBe('23505');

      const merged = await u.client
        .from('items')
        .upsert({ id: 99, name: 'fig', price: 3.5 }, { onConflict: 'name' })
        .select('id, price');
      expect(merged.error).toBeNull();
      expect(merged.data).toEqual([{ id: 99, price: 3.5 }]);
      const ignored = await u.client
        .from('items')
        .upsert({ id: 98, name: 'fig', price: 1 }, { onConflict: 'name', ignoreDuplicates: true })
        .select('id');
      expect(ignored.data).toEqual([]);
      const byPk = await u.client
        .from('items')
        .upsert({ id: 11, name: 'grape', qty: 7 })
        .select('qty')
        .single();
      expect(byPk.data).toEqual({ qty: 7 });

      const rolledBack = await rest('/items', {
        method: 'POST',
        token: u.accessToken,
        headers: { prefer: 'return=representation, tx=rollback' },
        body: JSON.stringify({ id: 97, name: 'never' }),
      });
      expect(rolledBack.status).toBe(201);
      expect(await rolledBack.json()).toEqual([expect.objectContaining({ id: 97, name: 'never' })]);
      expect((await anon.from('items').select('id').eq('id', 97)).data).toEqual([]);

      const upd = await u.client.from('items').update({ qty: 1 }).eq('id', 99);
      expect(upd.status).toBe(204);
      const updRep = await u.client
        .from('items')
        .update({ qty: 2 })
        .in('id', [11, 99])
        .select('id, qty')
        .order('id');
      expect(updRep.status).toBe(200);
      expect(updRep.data).toEqual([
        { id: 11, qty: 2 },
        { id: 99, qty: 2 },
      ]);
      const badCol = await u.client.from('items').update({ nope: 1 }).eq('id', 11);
      expect(badCol.status).toBe(400);
      expect(badCol.error?.code).toBe('PGRST204');

      const del = await u.client.from('items').delete().in('id', [12, 13]);
      expect(del.status).toBe(204);
      const delRep = await u.client.from('items').delete().in('id', [11, 99]).select('id');
      expect(delRep.status).toBe(200);
      expect(delRep.data?.map((r) => r.id).sort()).toEqual([11, 99]);
      const left = await anon.from('items').select('id').gte('id', 10);
      expect(left.data).toEqual([]);
    });

    it('runs as the JWT role so RLS and grants decide (42501 → 401 anon / 403 user)', async () => {
      const a = await signedInUser(server, 'rls-a');
      const b = await signedInUser(server, 'rls-b');
      const note = await a.client
        .from('notes')
        .insert({ title: 'mine', amount: 12.5 })
        .select('id, owner, amount::text')
        .single();
      expect(note.error).toBeNull();
      expect(note.data?.owner).toBe(a.id);
      expect(note.data?.amount).toBe('12.50000000');
      expect((await b.client.from('notes').select('id')).data).toEqual([]);
      const stolen = await b.client
        .from('notes')
        .update({ title: 'stolen' })
        .eq('id', note.data?.id ?? 0);
      expect(stolen.status).toBe(204);
      expect((await a.client.from('notes').select('title').single()).data).toEqual({ title: 'mine' });
      const forge = await b.client.from('notes').insert({ title: 'x', owner: a.id });
      expect(forge.status).toBe(403);
      expect(forge.error?.code).toBe('42501');
      expect(forge.error?.message).toContain('row-level security');
      const anonInsert = await anon.from('notes').insert({ title: 'x' });
      expect(anonInsert.status).toBe(401);
      expect(anonInsert.error?.code).toBe('42501');
      const hidden = await a.client.from('notes').select('secret');
      expect(hidden.status).toBe(403);
      expect(hidden.error?.code).toBe('42501');
      const all = await service
        .from('notes')
        .select('secret')
        .eq('id', note.data?.id ?? 0)
        .single();
      expect(all.data).toEqual({ secret: 'hidden' });
    });

    it('calls functions: scalar, setof, rows, row, jsonb, void, GET, and custom error codes', async () => {
      expect((await anon.rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5);
      const viaGet = await anon.rpc('add_numbers', { a: 4, b: 5 }, { get: true });
      expect(viaGet.data).toBe(9);
      expect((await anon.rpc('item_names', { min_price: 1 })).data).toEqual(['apple', 'eggplant']);
      expect((await anon.rpc('item_names')).data).toEqual(['apple', 'banana', 'carrot', 'eggplant']);
      const rows = await anon.rpc('items_in', { cat: 'vegetable' }).select('id, name').gt('id', 3);
      expect(rows.data).toEqual([{ id: 5, name: 'eggplant' }]);
      expect((await anon.rpc('get_item', { p_id: 2 })).data).toMatchObject({
        id: 2,
        name: 'banana',
        price: 0.25,
      });
      expect((await anon.rpc('echo_json', { payload: { n: [1, 2], s: 'x' } })).data).toEqual({
        echo: { n: [1, 2], s: 'x' },
      });
      const nothing = await anon.rpc('touch_nothing');
      expect(nothing.status).toBe(204);
      expect(nothing.data).toBeNull();
      const pt409 = await anon.rpc('fail_with', { kind: 'PT409' });
      expect(pt409.status).toBe(409);
      expect(pt409.error).toMatchObject({ code: 'PT409', message: 'already requested', hint: 'wait' });
      expect((await anon.rpc('fail_with', { kind: 'PT429' })).status).toBe(429);
      const p0001 = await anon.rpc('fail_with', { kind: 'other' });
      expect(p0001.status).toBe(400);
      expect(p0001.error?.code).toBe('P0001');
      expect((await anon.rpc('fail_with', { kind: '22023' })).status).toBe(400);
      const missing = await anon.rpc('no_such_function', { x: 1 });
      expect(missing.status).toBe(404);
      expect(missing.error?.code).toBe('PGRST202');
      const denied = await anon.rpc('private_thing');
      expect(denied.status).toBe(401);
      expect(denied.error?.code).toBe('42501');
      const u = await signedInUser(server, 'rpc');
      expect((await u.client.rpc('private_thing')).status).toBe(403);
      const who = await u.client.rpc('whoami');
      expect(who.data).toMatchObject({
        uid: u.id,
        role: 'authenticated',
        current_user: 'authenticated',
        method: 'POST',
        path: '/rpc/whoami',
      });
      expect((who.data as { client_info: string }).client_info).toMatch(/^supabase-js\//);
      const added = await u.client.rpc('add_note', { p_title: 'via rpc', p_amount: 1.25 });
      expect(added.data).toMatchObject({ title: 'via rpc', owner: u.id, amount: 1.25 });
      const readOnly = await rest('/rpc/add_note?p_title=x&p_amount=1', {
        method: 'GET',
        token: u.accessToken,
      });
      expect(readOnly.status).toBe(405);
      expect(((await readOnly.json()) as { code: string }).code).toBe('25006');
    });

    it('rejects expired, forged and malformed JWTs with PGRST303/PGRST301', async () => {
      const secret = new TextEncoder().encode(server.jwtSecret);
      const expired = await new SignJWT({
        role: 'authenticated',
        sub: '00000000-0000-0000-0000-000000000000',
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(secret);
      const withToken = (token: string): SupabaseClient =>
        client(server, server.anonKey, { global: { headers: { Authorization: `Bearer ${token}` } } });
      const exp = await withToken(expired).from('items').select('id');
      expect(exp.status).toBe(401);
      expect(exp.error?.code).toBe('PGRST303');
      expect(exp.error?.message).toBe('JWT expired');
      const forged = await new SignJWT({ role: 'service_role' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-that-is-long-enough-000'));
      const f = await withToken(forged).from('notes').select('id');
      expect(f.status).toBe(401);
      expect(f.error?.code).toBe('PGRST301');
      const none = await new SignJWT({ role: 'service_role' })
        .setProtectedHeader({ alg: 'none' as 'HS256' })
        .sign(secret)
        .catch(() => 'e30.e30.');
      const n = await withToken(none).from('notes').select('id');
      expect(n.status).toBe(401);
      const malformed = await withToken('abc').from('items').select('id');
      expect(malformed.status).toBe(401);
      expect(malformed.error?.message).toBe('Expected 3 parts in JWT; got 1');
      const weirdRole = await new SignJWT({ role: 'postgres' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('1h')
        .sign(secret);
      const w = await withToken(weirdRole).from('items').select('id');
      expect(w.status).toBe(401);
    });

    it('refuses unexposed schemas with PGRST106', async () => {
      const res = await service.schema('private').from('secrets').select('*');
      expect(res.status).toBe(406);
      expect(res.error).toMatchObject({
        code: 'PGRST106',
        message: 'Invalid schema: private',
        hint: 'Only the following schemas are exposed: public, graphql_public',
      });
    });

    it('fails injection attempts cleanly and changes nothing', async () => {
      const before = await service.from('items').select('*').order('id');
      const attempts: Array<{ status: number }> = [
        await anon.from('items').select('id').eq('name', "x'; drop table public.items; --"),
        await anon.from('items').select('id; drop table public.items'),
        await anon.from('items').select('id').order('id; drop table public.items'),
        await anon.from('items').select('id::text); drop table public.items; --'),
        await anon.from('items').select('id::text; drop table public.items'),
        await anon.from('items').select('id').eq('na"me', 'x'),
        await anon.from('items').select('id').eq("meta->>color'); drop table public.items; --", 'x'),
        await anon.from('items; drop table public.items').select('id'),
        await anon.rpc('add_numbers(1,2); drop table public.items; --'),
        await anon.rpc('add_numbers', { 'a := 1); drop table public.items; --': 1 }),
        await anon.from('items').select('id').or('id.eq.1);drop table public.items;--'),
        await anon.from('items').select('id').in('id', ['1); drop table public.items; --']),
      ];
      expect(attempts[0]?.status).toBe(200);
      for (const a of attempts.slice(1)) expect(a.status).toBeGreaterThanOrEqual(400);
      for (const a of attempts.slice(1)) expect(a.status).toBeLessThan(500);
      const after = await service.from('items').select('*').order('id');
      expect(after.data).toEqual(before.data);
    });

    it('keeps serving after malformed JSON, unknown tables/columns and bad filters', async () => {
      const bad = await rest('/items', { method: 'POST', body: '{"id": 1,', token: server.serviceRoleKey });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { code: string }).code).toBe('PGRST102');
      const badRpc = await rest('/rpc/add_numbers', { method: 'POST', body: 'not json' });
      expect(badRpc.status).toBe(400);
      expect((await rest('/nope?select=*')).status).toBe(404);
      const unknownCol = await rest('/items?select=nope');
      expect(unknownCol.status).toBe(400);
      expect(((await unknownCol.json()) as { code: string }).code).toBe('42703');
      const badFilter = await rest('/items?id=foo.1');
      expect(badFilter.status).toBe(400);
      expect(((await badFilter.json()) as { code: string }).code).toBe('PGRST100');
      expect((await rest('/items?id=eq.notanumber')).status).toBe(400);
      expect((await rest('/items?order=id.sideways')).status).toBe(400);
      expect((await rest('/items?limit=-1')).status).toBe(400);
      expect((await rest('/items?or=(id.eq.1')).status).toBe(400);
      const badAuth = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: '{oops',
      });
      expect(badAuth.status).toBe(400);
      const ok = await anon.from('items').select('id').eq('id', 1);
      expect(ok.data).toEqual([{ id: 1 }]);
    });

    it('finds tables and columns created after start (schema cache reload)', async () => {
      // Reloads are rate-limited (250 ms) against clients hammering unknown names.
      await sleep(300);
      await server.db.exec(
        `create table public.late (id int primary key, note text); grant select on public.late to anon;
         insert into public.late values (1, 'x');`,
      );
      expect((await anon.from('late').select('id, note')).data).toEqual([{ id: 1, note: 'x' }]);
      await sleep(300);
      await server.db.exec('alter table public.late add column extra text');
      expect((await anon.from('late').select('extra')).data).toEqual([{ extra: null }]);
      await server.db.exec('drop table public.late');
    });

    it('caps responses at max_rows while counting them all', async () => {
      const rows = Array.from({ length: 1005 }, (_, i) => ({ id: 1000 + i, name: `bulk-${i}` }));
      const ins = await service.from('items').insert(rows);
      expect(ins.status).toBe(201);
      const all = await anon.from('items').select('id', { count: 'exact' });
      expect(all.data?.length).toBe(1000);
      expect(all.count).toBe(1010);
      await service.from('items').delete().gte('id', 1000);
    });
  });
}
