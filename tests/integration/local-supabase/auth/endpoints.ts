import type { AuthChangeEvent } from '@supabase/supabase-js';
import { jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '../../../../supabase/local/server';
import { client, signedInUser, uniqueEmail, waitFor } from '../harness';
import { followLink, latestMail, mailsTo } from './mail';
import { withAuthSettings, type SuiteContext } from './security';

const SITE = 'http://127.0.0.1:4321';

async function claimsOf(server: LocalSupabase, token: string): Promise<Record<string, unknown>> {
  return (await jwtVerify(token, new TextEncoder().encode(server.jwtSecret))).payload;
}

/** The endpoints supabase-js offers that the first version of the server lacked. */
export function endpointsSuite(ctx: SuiteContext): void {
  const { engine } = ctx;

  describe(`${engine}: auth endpoints: magic links and e-mail codes`, () => {
    it('signInWithOtp mails a magic link and a code to a known user; both sign in once', async () => {
      const server = ctx.server();
      const u = await signedInUser(server, 'otp-known');
      const c = client(server);
      const events: AuthChangeEvent[] = [];
      c.auth.onAuthStateChange((e) => {
        events.push(e);
      });
      const sent = await c.auth.signInWithOtp({
        email: u.email,
        options: { emailRedirectTo: `${SITE}/dashboard` },
      });
      expect(sent.error).toBeNull();
      const mail = await latestMail(server, u.email);
      expect(mail.type).toBe('magiclink');
      // The fixture project configures no templates: GoTrue's stock subject.
      expect(mail.subject).toBe('Your sign-in link');
      expect(mail.token).toMatch(/^\d{6}$/);
      const verified = await c.auth.verifyOtp({ type: 'email', email: u.email, token: mail.token });
      expect(verified.error).toBeNull();
      await waitFor(() => events.includes('SIGNED_IN'), 2000, 'SIGNED_IN');
      const claims = await claimsOf(server, verified.data.session?.access_token ?? '');
      expect(claims['aal']).toBe('aal1');
      expect((claims['amr'] as Array<{ method: string }>)[0]?.method).toBe('otp');
      const sessions = await server.db.query(`select 1 from auth.sessions where id::text = $1`, [
        claims['session_id'],
      ]);
      expect(sessions.rows).toHaveLength(1);
      const reused = await client(server).auth.verifyOtp({
        type: 'email',
        email: u.email,
        token: mail.token,
      });
      expect(reused.error?.code).toBe('otp_expired');

      await server.db.query(`update auth.users set recovery_sent_at = null where id = $1`, [u.id]);
      expect((await client(server).auth.signInWithOtp({ email: u.email })).error).toBeNull();
      const { fragment } = await followLink((await latestMail(server, u.email)).link);
      expect(fragment.get('type')).toBe('magiclink');
      expect(fragment.get('access_token')).toBeTruthy();
    });

    it('signInWithOtp signs up an unknown address unless shouldCreateUser is false', async () => {
      const server = ctx.server();
      const refused = await client(server).auth.signInWithOtp({
        email: uniqueEmail('otp-nobody'),
        options: { shouldCreateUser: false },
      });
      expect(refused.error?.status).toBe(422);
      expect(refused.error?.code).toBe('otp_disabled');
      const email = uniqueEmail('otp-new');
      const created = await client(server).auth.signInWithOtp({
        email,
        options: { data: { username: 'otp' } },
      });
      expect(created.error).toBeNull();
      const mail = await latestMail(server, email);
      expect(mail.type).toBe('magiclink');
      const verified = await client(server).auth.verifyOtp({ type: 'magiclink', email, token: mail.token });
      expect(verified.error).toBeNull();
      expect(verified.data.user?.user_metadata['username']).toBe('otp');
    });

    it('with confirmations on, a new address gets a confirmation that verifyOtp type signup accepts', async () => {
      const strict = ctx.server();
      await withAuthSettings(strict, { enableConfirmations: true }, async () => {
        const email = uniqueEmail('otp-confirm');
        expect((await client(strict).auth.signInWithOtp({ email })).error).toBeNull();
        const mail = await latestMail(strict, email);
        expect(mail.type).toBe('signup');
        const verified = await client(strict).auth.verifyOtp({ type: 'signup', email, token: mail.token });
        expect(verified.error).toBeNull();
        expect(verified.data.user?.email_confirmed_at).toBeTruthy();
        // resend: nothing for a confirmed address, but no error either.
        expect((await client(strict).auth.resend({ type: 'signup', email })).error).toBeNull();
        expect(await mailsTo(strict, email)).toHaveLength(1);
      });
    });
  });

  describe(`${engine}: auth endpoints: reauthentication`, () => {
    it('reauthenticate mails a nonce that a password change accepts once', async () => {
      const secure = ctx.server();
      await withAuthSettings(secure, { securePasswordChange: true }, async () => {
        const u = await signedInUser(secure, 'reauth');
        const claims = await claimsOf(secure, u.accessToken);
        // A session older than 24 h needs the nonce.
        await secure.db.query(
          `update auth.sessions set created_at = now() - interval '25 hours' where id::text = $1`,
          [claims['session_id']],
        );
        const without = await u.client.auth.updateUser({ password: 'changed-pass-1' });
        expect(without.error?.code).toBe('reauthentication_needed');
        expect((await u.client.auth.reauthenticate()).error).toBeNull();
        const mail = await latestMail(secure, u.email);
        expect(mail.type).toBe('reauthentication');
        expect(mail.token).toMatch(/^\d{6}$/);
        const wrong = await u.client.auth.updateUser({
          password: 'changed-pass-1',
          nonce: '000000' === mail.token ? '111111' : '000000',
        });
        expect(wrong.error?.code).toBe('reauthentication_not_valid');
        const ok = await u.client.auth.updateUser({ password: 'changed-pass-1', nonce: mail.token });
        expect(ok.error).toBeNull();
        const reused = await u.client.auth.updateUser({ password: 'changed-pass-2', nonce: mail.token });
        expect(reused.error?.code).toBe('reauthentication_not_valid');
      });
    });
  });

  describe(`${engine}: auth endpoints: admin`, () => {
    let server: LocalSupabase;
    beforeAll(() => {
      server = ctx.server();
    });
    const admin = () => client(server, server.serviceRoleKey);

    it('generateLink: signup, magiclink, recovery, invite and both e-mail change links', async () => {
      const fresh = uniqueEmail('gl-signup');
      const signup = await admin().auth.admin.generateLink({
        type: 'signup',
        email: fresh,
        password: 'password-123',
        options: { redirectTo: `${SITE}/welcome` },
      });
      expect(signup.error).toBeNull();
      expect(signup.data.properties?.verification_type).toBe('signup');
      expect(signup.data.properties?.redirect_to).toBe(`${SITE}/welcome`);
      expect(signup.data.properties?.email_otp).toMatch(/^\d{6}$/);
      expect(signup.data.user?.email).toBe(fresh);
      expect(await mailsTo(server, fresh)).toEqual([]);
      const opened = await followLink(signup.data.properties?.action_link ?? '');
      expect(opened.location.startsWith(`${SITE}/welcome#access_token=`)).toBe(true);

      const u = await signedInUser(server, 'gl-user');
      const magic = await admin().auth.admin.generateLink({ type: 'magiclink', email: u.email });
      const viaHash = await client(server).auth.verifyOtp({
        type: 'magiclink',
        token_hash: magic.data.properties?.hashed_token ?? '',
      });
      expect(viaHash.error).toBeNull();
      const recovery = await admin().auth.admin.generateLink({ type: 'recovery', email: u.email });
      expect((await followLink(recovery.data.properties?.action_link ?? '')).fragment.get('type')).toBe(
        'recovery',
      );
      const missing = await admin().auth.admin.generateLink({
        type: 'recovery',
        email: uniqueEmail('nobody'),
      });
      expect(missing.error?.status).toBe(404);

      const invited = uniqueEmail('gl-invite');
      const invite = await admin().auth.admin.generateLink({ type: 'invite', email: invited });
      expect(invite.data.user?.invited_at).toBeTruthy();
      expect((await followLink(invite.data.properties?.action_link ?? '')).fragment.get('type')).toBe(
        'invite',
      );

      const next = uniqueEmail('gl-new');
      const change = await admin().auth.admin.generateLink({
        type: 'email_change_new',
        email: u.email,
        newEmail: next,
      });
      expect(change.error).toBeNull();
      const changed = await client(server).auth.verifyOtp({
        type: 'email_change',
        email: next,
        token: change.data.properties?.email_otp ?? '',
      });
      expect(changed.error).toBeNull();
      expect(changed.data.user?.email).toBe(next);
      const current = await admin().auth.admin.generateLink({
        type: 'email_change_current',
        email: next,
        newEmail: uniqueEmail('gl-newer'),
      });
      expect(current.error).toBeNull();
      expect(current.data.properties?.action_link).toContain('type=email_change');
    });

    it('inviteUserByEmail mails an invite whose link signs the user in; a confirmed address is refused', async () => {
      const email = uniqueEmail('invite');
      const invited = await admin().auth.admin.inviteUserByEmail(email, {
        data: { username: 'guest' },
        redirectTo: `${SITE}/set-password`,
      });
      expect(invited.error).toBeNull();
      expect(invited.data.user?.invited_at).toBeTruthy();
      const mail = await latestMail(server, email);
      expect(mail.type).toBe('invite');
      expect(mail.subject).toBe("You've been invited");
      const { location, fragment } = await followLink(mail.link);
      expect(location.startsWith(`${SITE}/set-password#`)).toBe(true);
      expect(fragment.get('type')).toBe('invite');
      const again = await admin().auth.admin.inviteUserByEmail(email);
      expect(again.error?.code).toBe('email_exists');
    });

    it('listUsers: newest first, GoTrue pagination, 400 for bad pagination parameters', async () => {
      const a = await signedInUser(server, 'list-a');
      const b = await signedInUser(server, 'list-b');
      const first = await admin().auth.admin.listUsers({ page: 1, perPage: 2 });
      expect(first.error).toBeNull();
      expect(first.data.users.map((x) => x.email)).toEqual([b.email, a.email]);
      const page = first.data as unknown as { nextPage: number | null; total: number };
      expect(page.nextPage).toBe(2);
      const total = page.total;
      const count = await server.db.query<{ n: number }>(`select count(*)::int as n from auth.users`);
      expect(total).toBe(count.rows[0]?.n);
      // auth-js reads only the first digit of a page number from Link, so check the header itself.
      const raw = await fetch(`${server.url}/auth/v1/admin/users?page=1&per_page=2`, {
        headers: { apikey: server.serviceRoleKey, authorization: `Bearer ${server.serviceRoleKey}` },
      });
      expect(raw.headers.get('x-total-count')).toBe(String(total));
      expect(raw.headers.get('link')).toContain(`page=2&per_page=2>; rel="next"`);
      expect(raw.headers.get('link')).toContain(`page=${Math.ceil(total / 2)}&per_page=2>; rel="last"`);
      const second = await admin().auth.admin.listUsers({ page: 2, perPage: 2 });
      expect(second.data.users.map((x) => x.email)).not.toContain(b.email);
      const bad = await fetch(`${server.url}/auth/v1/admin/users?page=abc`, {
        headers: { apikey: server.serviceRoleKey, authorization: `Bearer ${server.serviceRoleKey}` },
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error_code: 'validation_failed' });
      const negative = await fetch(`${server.url}/auth/v1/admin/users?per_page=-1`, {
        headers: { apikey: server.serviceRoleKey, authorization: `Bearer ${server.serviceRoleKey}` },
      });
      expect(negative.status).toBe(400);
    });

    it('deleteUser(id, true) soft-deletes: the row stays, obfuscated, and nothing of it works', async () => {
      const u = await signedInUser(server, 'soft');
      const del = await admin().auth.admin.deleteUser(u.id, true);
      expect(del.error).toBeNull();
      const { data } = await admin().auth.admin.getUserById(u.id);
      expect(data.user?.deleted_at).toBeTruthy();
      expect(data.user?.email).not.toBe(u.email);
      expect(data.user?.user_metadata).toEqual({});
      const signIn = await client(server).auth.signInWithPassword({ email: u.email, password: u.password });
      expect(signIn.error?.code).toBe('invalid_credentials');
      expect((await u.client.auth.getUser()).error).not.toBeNull();
      // The app's profile row survives a soft delete (no cascade), as on Supabase.
      const profile = await server.db.query(`select 1 from public.profiles where id = $1`, [u.id]);
      expect(profile.rows).toHaveLength(1);
    });
  });

  describe(`${engine}: auth endpoints: what auth-js reads`, () => {
    it('/user reflects identities; /settings reflects config.toml', async () => {
      const server = ctx.server();
      const u = await signedInUser(server, 'identities');
      const { data } = await u.client.auth.getUser();
      expect(data.user?.identities).toHaveLength(1);
      expect(data.user?.identities?.[0]).toMatchObject({
        provider: 'email',
        user_id: u.id,
        identity_data: { email: u.email, sub: u.id },
      });
      const { data: identities } = await u.client.auth.getUserIdentities();
      expect(identities?.identities[0]?.provider).toBe('email');

      const settings = async (): Promise<Record<string, unknown>> =>
        (await (
          await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: server.anonKey } })
        ).json()) as Record<string, unknown>;
      const before = await settings();
      expect(before).toMatchObject({
        disable_signup: false,
        mailer_autoconfirm: true,
        external: { email: true, phone: false, anonymous_users: false, github: false },
      });
      const saved = { ...server.config.auth };
      try {
        server.setAuthOverrides({
          enableConfirmations: true,
          enableAnonymousSignIns: true,
          enableSignup: false,
        });
        expect(await settings()).toMatchObject({
          disable_signup: true,
          mailer_autoconfirm: false,
          external: { anonymous_users: true },
        });
      } finally {
        server.setAuthOverrides(saved);
      }
    });

    it('anonymous sign-in: refused as GoTrue when disabled, a session with amr anonymous when enabled', async () => {
      const server = ctx.server();
      const refused = await client(server).auth.signInAnonymously();
      expect(refused.error?.status).toBe(422);
      expect(refused.error?.code).toBe('anonymous_provider_disabled');
      const anon = await withAuthSettings(server, { enableAnonymousSignIns: true }, () =>
        client(server).auth.signInAnonymously({ options: { data: { theme: 'dark' } } }),
      );
      expect(anon.error).toBeNull();
      expect(anon.data.user?.is_anonymous).toBe(true);
      expect(anon.data.user?.identities).toEqual([]);
      const claims = await claimsOf(server, anon.data.session?.access_token ?? '');
      expect(claims['is_anonymous']).toBe(true);
      expect((claims['amr'] as Array<{ method: string }>)[0]?.method).toBe('anonymous');
    });
  });

  describe(`${engine}: auth endpoints: what a local stack cannot have`, () => {
    it('third-party sign-ins answer as GoTrue does with the provider disabled', async () => {
      const server = ctx.server();
      const idToken = await client(server).auth.signInWithIdToken({ provider: 'google', token: 'x' });
      expect(idToken.error?.code).toBe('provider_disabled');
      expect(idToken.error?.message).toBe('Provider (issuer "https://accounts.google.com") is not enabled');
      const sso = await client(server).auth.signInWithSSO({ domain: 'example.com' });
      expect(sso.error?.message).toBe('SAML 2.0 is disabled');
      const web3 = await fetch(`${server.url}/auth/v1/token?grant_type=web3`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(web3.status).toBe(422);
      expect(await web3.json()).toMatchObject({ error_code: 'web3_provider_disabled' });
    });

    it('unlinkIdentity: 404 manual_linking_disabled unless enabled; never the last identity', async () => {
      const server = ctx.server();
      const u = await signedInUser(server, 'unlink');
      const { data } = await u.client.auth.getUserIdentities();
      const email = data?.identities[0];
      if (!email) throw new Error('no identity');
      const disabled = await u.client.auth.unlinkIdentity(email);
      expect(disabled.error?.status).toBe(404);
      expect(disabled.error?.message).toBe('Manual linking is disabled');
      await withAuthSettings(server, { enableManualLinking: true }, async () => {
        const last = await u.client.auth.unlinkIdentity(email);
        expect(last.error?.code).toBe('single_identity_not_deletable');
        // A second identity, as an OAuth link would have left.
        await server.db.query(
          `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
           values (gen_random_uuid(), 'gh-1', $1, '{"sub":"gh-1"}'::jsonb, 'github', now(), now())`,
          [u.id],
        );
        expect((await u.client.auth.unlinkIdentity(email)).error).toBeNull();
        const after = await u.client.auth.getUser();
        expect(after.data.user?.identities?.map((i) => i.provider)).toEqual(['github']);
        expect(after.data.user?.app_metadata['providers']).toEqual(['github']);
      });
    });
  });
}
