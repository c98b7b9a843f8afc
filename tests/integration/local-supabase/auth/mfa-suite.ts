import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '../../../../supabase/local/server';
import { TotpCodeBook, totpFor } from '../../../support/totp';
import { EngineHarness, client, signedInUser, type Engine } from '../harness';
import { markFactorChallenged } from '../../../../supabase/local/auth/models/factor';

interface Enrolled {
  factorId: string;
  secret: string;
  codes: TotpCodeBook;
}

/** GoTrue's TOTP MFA endpoints through supabase-js's unchanged `mfa` API, on one engine. */
export function mfaSuite(engine: Engine): void {
  const harness = new EngineHarness(engine);
  let server: LocalSupabase;
  let service: SupabaseClient;

  beforeAll(async () => {
    server = await harness.server();
    service = client(server, server.serviceRoleKey);
  });
  afterAll(async () => {
    await harness.stop();
  });

  async function enrol(c: SupabaseClient, friendlyName = 'Phone'): Promise<Enrolled> {
    const { data, error } = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName });
    if (error) throw error;
    return { factorId: data.id, secret: data.totp.secret, codes: new TotpCodeBook(data.totp.secret) };
  }

  async function verifyWith(c: SupabaseClient, factor: Enrolled) {
    return c.auth.mfa.challengeAndVerify({ factorId: factor.factorId, code: await factor.codes.next() });
  }

  const claimsOf = (token: string) => decodeJwt(token) as { aal?: string; amr?: Array<{ method: string }> };

  describe(`${engine}: TOTP MFA`, () => {
    it('enrols with a secret, an otpauth URI and an SVG QR code; the factor stays unverified until a code', async () => {
      const { client: c, email } = await signedInUser(server, 'enrol');
      const { data, error } = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work phone' });
      expect(error).toBeNull();
      expect(data?.type).toBe('totp');
      expect(data?.friendly_name).toBe('Work phone');
      expect(data?.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(data!.totp.uri);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(decodeURIComponent(uri.pathname)).toContain(email);
      expect(uri.searchParams.get('secret')).toBe(data?.totp.secret);
      expect(uri.searchParams.get('period')).toBe('30');
      // GoTrue sends goqrsvg's bare SVG and auth-js pastes it unescaped into a data: URI, so it must
      // hold no '#' (which would end the URI in a browser).
      expect(data?.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<\?xml version="1.0"\?>\n/);
      expect(data?.totp.qr_code).toContain('style="fill:black;stroke:none"');
      expect(data?.totp.qr_code).not.toContain('#');

      const { data: user } = await c.auth.getUser();
      expect(user.user?.factors).toEqual([
        expect.objectContaining({
          id: data?.id,
          status: 'unverified',
          factor_type: 'totp',
          friendly_name: 'Work phone',
        }),
      ]);
      const listed = await c.auth.mfa.listFactors();
      expect(listed.data?.totp).toEqual([]);
      const level = await c.auth.mfa.getAuthenticatorAssuranceLevel();
      expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

      const twin = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work phone' });
      expect(twin.error?.code).toBe('mfa_factor_name_conflict');
      const phone = await c.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
      expect(phone.error?.status).toBe(422);
    });

    it('gives two challenges read at the same clock tick different moments (PGlite ticks in milliseconds)', async () => {
      const factors = await Promise.all(
        ['tick-a', 'tick-b', 'tick-c'].map(async (name) => enrol((await signedInUser(server, name)).client)),
      );
      // One transaction: now() is one reading for all three, the worst case of a coarse clock.
      await server.db.transaction(async (tx) => {
        for (const f of factors) await markFactorChallenged(tx, f.factorId);
      });
      const { rows } = await server.db.query<{ moment: string }>(
        `select last_challenged_at::text as moment from auth.mfa_factors where id = any($1::uuid[])`,
        [factors.map((f) => f.factorId)],
      );
      expect(rows).toHaveLength(3);
      expect(new Set(rows.map((r) => r.moment)).size).toBe(3);
    });

    it('refuses a wrong code, then raises the session to aal2 with totp in amr; the code cannot be used twice', async () => {
      const { client: c } = await signedInUser(server, 'verify');
      const factor = await enrol(c);
      const challenge = await c.auth.mfa.challenge({ factorId: factor.factorId });
      expect(challenge.error).toBeNull();
      expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000 + 250);
      const good = await factor.codes.next();
      const wrong = good === '000000' ? '111111' : '000000';
      const refused = await c.auth.mfa.verify({
        factorId: factor.factorId,
        challengeId: challenge.data!.id,
        code: wrong,
      });
      expect(refused.error?.status).toBe(422);
      expect(refused.error?.code).toBe('mfa_verification_failed');
      expect(refused.error?.message).toBe('Invalid TOTP code entered');
      expect(claimsOf((await c.auth.getSession()).data.session!.access_token).aal).toBe('aal1');

      const verified = await c.auth.mfa.verify({
        factorId: factor.factorId,
        challengeId: challenge.data!.id,
        code: good,
      });
      expect(verified.error).toBeNull();
      const claims = claimsOf(verified.data!.access_token);
      expect(claims.aal).toBe('aal2');
      expect(claims.amr?.map((m) => m.method).sort()).toEqual(['password', 'totp']);
      const level = await c.auth.mfa.getAuthenticatorAssuranceLevel();
      expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
      expect((await c.auth.mfa.listFactors()).data?.totp).toEqual([
        expect.objectContaining({ id: factor.factorId, status: 'verified' }),
      ]);

      // A used challenge is spent, and the same code on a fresh challenge is refused (RFC 6238 §5.2).
      const again = await c.auth.mfa.verify({
        factorId: factor.factorId,
        challengeId: challenge.data!.id,
        code: good,
      });
      expect(again.error?.code).toBe('mfa_ip_address_mismatch');
      const replay = await c.auth.mfa.challengeAndVerify({ factorId: factor.factorId, code: good });
      expect(replay.error?.code).toBe('mfa_verification_failed');

      // Refreshing keeps aal2: the level belongs to the session.
      const refreshed = await c.auth.refreshSession();
      expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');
    });

    it('starts a new sign-in at aal1 asking for aal2; enrolling or unenrolling a verified factor needs aal2', async () => {
      const user = await signedInUser(server, 'second');
      const factor = await enrol(user.client);
      expect((await verifyWith(user.client, factor)).error).toBeNull();

      const device = client(server);
      await device.auth.signInWithPassword({ email: user.email, password: user.password });
      const level = await device.auth.mfa.getAuthenticatorAssuranceLevel();
      expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
      const more = await device.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' });
      expect(more.error?.status).toBe(403);
      expect(more.error?.code).toBe('insufficient_aal');
      const drop = await device.auth.mfa.unenroll({ factorId: factor.factorId });
      expect(drop.error?.code).toBe('insufficient_aal');

      expect((await verifyWith(device, factor)).error).toBeNull();
      const removed = await device.auth.mfa.unenroll({ factorId: factor.factorId });
      expect(removed.error).toBeNull();
      expect(removed.data).toEqual({ id: factor.factorId });
      // The session raised by that factor is aal1 again once it refreshes.
      const after = await device.auth.refreshSession();
      expect(claimsOf(after.data.session!.access_token).aal).toBe('aal1');
    });

    it('drops unverified factors after five minutes, as GoTrue does, when the user enrols again', async () => {
      const { client: c, id } = await signedInUser(server, 'expiry');
      const stale = await enrol(c, 'Old phone');
      await server.db.query(
        `update auth.mfa_factors set created_at = now() - interval '301 seconds' where id = $1`,
        [stale.factorId],
      );
      const fresh = await enrol(c, 'New phone');
      const { rows } = await server.db.query<{ id: string }>(
        `select id::text from auth.mfa_factors where user_id = $1`,
        [id],
      );
      expect(rows.map((r) => r.id)).toEqual([fresh.factorId]);
    });

    it('rate limits verification (15 a minute, burst 30) per client and factor, however the factor id is spelt', async () => {
      const { client: c } = await signedInUser(server, 'limit');
      const factor = await enrol(c);
      const hex = factor.factorId.replace(/-/g, '');
      // GoTrue parses the path's factor id as a UUID: every spelling below names the same factor,
      // so none of them may open a fresh allowance of wrong codes.
      const spellings = [
        factor.factorId,
        factor.factorId.toUpperCase(),
        `{${factor.factorId}}`,
        `urn:uuid:${factor.factorId}`,
        hex,
        hex.toUpperCase(),
      ];
      const statuses: number[] = [];
      // Tokens trickle back at 15 a minute, so a slow machine may get one or two more tries past 30.
      while (statuses.length < 40 && !statuses.includes(429)) {
        const factorId = spellings[statuses.length % spellings.length]!;
        const challenge = await c.auth.mfa.challenge({ factorId });
        if (challenge.error) {
          statuses.push(challenge.error.status ?? 0);
          continue;
        }
        const r = await c.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code: '000000' });
        statuses.push(r.error?.status ?? 200);
      }
      expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(30);
      expect(statuses.indexOf(429)).toBeLessThanOrEqual(33);
      expect(statuses.filter((s) => s !== 429).every((s) => s === 422)).toBe(true);
    });

    it("answers GoTrue's 404s for a factor id that is no UUID or not the caller's", async () => {
      const { client: c } = await signedInUser(server, 'badid');
      const other = await signedInUser(server, 'badid-other');
      const theirs = await enrol(other.client);
      const notUuid = await c.auth.mfa.challenge({ factorId: 'not-a-uuid' });
      expect(notUuid.error?.status).toBe(404);
      expect(notUuid.error?.code).toBe('validation_failed');
      const foreign = await c.auth.mfa.challenge({ factorId: theirs.factorId });
      expect(foreign.error?.status).toBe(404);
      expect(foreign.error?.code).toBe('mfa_factor_not_found');
    });

    it('downgrades the sessions a factor raised when the service role deletes it (auth.admin.mfa.deleteFactor)', async () => {
      const user = await signedInUser(server, 'admindrop');
      const factor = await enrol(user.client);
      expect((await verifyWith(user.client, factor)).error).toBeNull();
      expect(claimsOf((await user.client.auth.getSession()).data.session!.access_token).aal).toBe('aal2');
      const deleted = await service.auth.admin.mfa.deleteFactor({
        userId: user.id,
        id: factor.factorId.toUpperCase(),
      });
      expect(deleted.error).toBeNull();
      const after = await user.client.auth.refreshSession();
      expect(after.error).toBeNull();
      const claims = claimsOf(after.data.session!.access_token);
      expect(claims.aal).toBe('aal1');
      expect(claims.amr?.map((m) => m.method)).toEqual(['password']);
      const { rows } = await server.db.query<{ aal: string; factor_id: string | null }>(
        `select aal::text as aal, factor_id::text as factor_id from auth.sessions where user_id = $1`,
        [user.id],
      );
      expect(rows).toEqual([{ aal: 'aal1', factor_id: null }]);
    });

    it('refuses a password or e-mail change from an aal1 session once a factor is verified (401 insufficient_aal)', async () => {
      const user = await signedInUser(server, 'aalchange');
      const factor = await enrol(user.client);
      expect((await verifyWith(user.client, factor)).error).toBeNull();
      const device = client(server);
      await device.auth.signInWithPassword({ email: user.email, password: user.password });
      const password = await device.auth.updateUser({ password: 'another-horse-2' });
      expect(password.error?.status).toBe(401);
      expect(password.error?.code).toBe('insufficient_aal');
      const email = await device.auth.updateUser({ email: `moved-${user.email}` });
      expect(email.error?.status).toBe(401);
      expect(email.error?.code).toBe('insufficient_aal');
      // Nothing changed: the old password still signs in, the e-mail is the same.
      const again = await client(server).auth.signInWithPassword({
        email: user.email,
        password: user.password,
      });
      expect(again.error).toBeNull();
      // Metadata is not guarded, and at aal2 the password change goes through.
      expect((await device.auth.updateUser({ data: { nickname: 'x' } })).error).toBeNull();
      expect((await verifyWith(device, factor)).error).toBeNull();
      expect((await device.auth.updateUser({ password: 'another-horse-2' })).error).toBeNull();
    });

    it('lets the service role list and delete a user’s factors (auth.admin.mfa)', async () => {
      const user = await signedInUser(server, 'adminapi');
      const factor = await enrol(user.client);
      expect((await verifyWith(user.client, factor)).error).toBeNull();
      const listed = await service.auth.admin.mfa.listFactors({ userId: user.id });
      expect(listed.data?.factors).toEqual([
        expect.objectContaining({ id: factor.factorId, status: 'verified' }),
      ]);
      const asMember = await user.client.auth.admin.mfa.listFactors({ userId: user.id });
      expect(asMember.error?.status).toBe(403);
      const deleted = await service.auth.admin.mfa.deleteFactor({ userId: user.id, id: factor.factorId });
      expect(deleted.error).toBeNull();
      expect((await service.auth.admin.mfa.listFactors({ userId: user.id })).data?.factors).toEqual([]);
      const { data } = await service.auth.admin.getUserById(user.id);
      expect(data.user?.factors ?? []).toEqual([]);
    });

    it('serves the development code endpoint /__local/totp with a code the server accepts', async () => {
      const user = await signedInUser(server, 'devcode');
      const factor = await enrol(user.client);
      const ask = async () =>
        (await (
          await fetch(`${server.url}/__local/totp?email=${encodeURIComponent(user.email)}`, {
            headers: { apikey: server.serviceRoleKey },
          })
        ).json()) as {
          code?: string;
          factor_id?: string;
        };
      const first = await ask();
      expect(first.factor_id).toBe(factor.factorId);
      const now = Date.now();
      expect(
        [now - 30_000, now].map((timestamp) => totpFor(factor.secret).generate({ timestamp })),
      ).toContain(first.code);
      const verified = await user.client.auth.mfa.challengeAndVerify({
        factorId: factor.factorId,
        code: first.code!,
      });
      expect(verified.error).toBeNull();
      const next = await ask();
      // The accepted step is skipped: the next answer is a different, still acceptable code.
      if (next.code) expect(next.code).not.toBe(first.code);
      const missing = await fetch(`${server.url}/__local/totp?email=nobody@example.com`, {
        headers: { apikey: server.serviceRoleKey },
      });
      expect(missing.status).toBe(404);
      // Like the outbox, it answers only to the service key.
      const anon = await fetch(`${server.url}/__local/totp?email=${encodeURIComponent(user.email)}`, {
        headers: { apikey: server.anonKey },
      });
      expect(anon.status).toBe(401);
    });
  });
}
