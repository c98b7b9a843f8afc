/**
 * Every mail this project sends, as a member receives it (issue 30), on the local server started on
 * the project itself: each Auth mail's subject and body are config.toml's subject and template word
 * for word with GoTrue's values filled in (a mail config.toml leaves unset, the invitation, is
 * GoTrue's stock one), and the product mails queued in the database arrive in the same outbox from
 * supabase/templates/product, only once their transaction commits.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAXED_RATE_LIMITS } from '../../../../supabase/local/config';
import type { Mail } from '../../../../supabase/local/mail/outbox';
import { DEFAULT_PROJECT_DIR, type LocalSupabase } from '../../../../supabase/local/server';
import { TotpCodeBook } from '../../../support/totp';
import { EngineHarness, client, signedInUser, uniqueEmail, waitFor } from '../harness';
import { followLink, latestMail, mailsTo } from './mail';

const ROOT = join(DEFAULT_PROJECT_DIR, '..');
const toml = parse(readFileSync(join(DEFAULT_PROJECT_DIR, 'config.toml'), 'utf8')) as {
  auth: {
    site_url: string;
    email: {
      template: Record<string, { subject: string; content_path: string }>;
      notification: Record<string, { subject: string; content_path: string }>;
    };
  };
};
const SITE = toml.auth.site_url;

/**
 * The template with each `{{ .Name }}` replaced by `values[Name]`, which the test gives already
 * escaped as the member's mail holds it (& in a link is &amp;, an apostrophe &#39;). A name the
 * test did not give fails, so a template cannot use a value the test forgot to check.
 */
function filled(template: string, values: Record<string, string>, locale?: string): string {
  return inLanguage(template, locale).replace(/\{\{ \.(\w+) \}\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the test gives no ${name}`);
    return value;
  });
}
/**
 * A template's branch for `locale` (docs/mail.md, "Languages": `{{ if eq .Data.locale "zh-hant" }}…
 * {{ else if eq .Data.locale "ar" }}…{{ else }}…{{ end }}`, `.Locale` in product mails), chosen here on
 * its own, so a server that sent the wrong language fails: English when the member has none.
 */
function inLanguage(template: string, locale?: string): string {
  return template.replace(
    /\{\{ if eq \.(?:Data\.locale|Locale) "zh-hant" \}\}([\s\S]*?)\{\{ else if eq \.(?:Data\.locale|Locale) "ar" \}\}([\s\S]*?)\{\{ else \}\}([\s\S]*?)\{\{ end \}\}/g,
    (_whole, zh: string, ar: string, en: string) => (locale === 'zh-hant' ? zh : locale === 'ar' ? ar : en),
  );
}
const file = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const asHtml = (url: string): string => url.replaceAll('&', '&amp;');

/** config.toml's subject and body for an Auth mail, filled in. */
function expectedAuthMail(
  section: 'template' | 'notification',
  name: string,
  values: Record<string, string>,
  locale?: string,
) {
  const t = toml.auth.email[section][name];
  if (!t) throw new Error(`config.toml has no ${section} ${name}`);
  return {
    subject: filled(t.subject, values, locale),
    html: filled(file(t.content_path), { SiteURL: SITE, ...values }, locale),
  };
}

/** The freeze line as the mail's text shows it (issue 30). */
const FREEZE_TEXT = `Not you? Freeze withdrawals at once at ${SITE}/user/freeze. It works even if someone changed your password: use "Forgot password?" on the sign-in page to get in.`;

const pick = (mail: Mail) => ({ subject: mail.subject, html: mail.html });

describe('the project mails, word for word (local server on supabase/, pglite)', () => {
  const harness = new EngineHarness('pglite');
  let server: LocalSupabase;

  beforeAll(async () => {
    server = await harness.server({
      projectDir: DEFAULT_PROJECT_DIR,
      authOverrides: { rateLimit: RELAXED_RATE_LIMITS, maxFrequency: 0 },
      bcryptCost: 4,
    });
  }, 120_000);
  afterAll(async () => {
    await harness.stop();
  });

  const ofType = async (to: string, type: Mail['type']): Promise<Mail> => {
    const mail = (await mailsTo(server, to)).find((m) => m.type === type);
    if (!mail) throw new Error(`no ${type} mail to ${to}`);
    return mail;
  };

  /** The mail of that type once it has arrived (product mails come from a delivery loop). */
  const ofTypeSoon = async (to: string, type: Mail['type']): Promise<Mail> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = (await mailsTo(server, to)).find((m) => m.type === type);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no ${type} mail to ${to}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('the step-up code mail carries the code and no sign-in link', async () => {
    const { email } = await signedInUser(server, 'code');
    expect(
      (await client(server).auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error,
    ).toBeNull();
    const mail = await latestMail(server, email);
    expect(mail.type).toBe('magiclink');
    expect(pick(mail)).toEqual(expectedAuthMail('template', 'magic_link', { Token: mail.token }));
    expect(mail.subject).toBe('Your code to confirm a change to your withdrawal addresses');
    expect(mail.html).not.toContain('/auth/v1/verify');
    expect(mail.html).not.toMatch(/sign in<\/a>|>\s*Sign in/i);
    expect(mail.text).toContain(mail.token);
    expect(mail.text).toContain(FREEZE_TEXT);
  });

  it("each mail in the member's language: a Chinese sign-up's confirmation, an Arabic member's recovery", async () => {
    const email = uniqueEmail('zh-signup');
    const signUp = await client(server).auth.signUp({
      email,
      password: 'correct-horse-1',
      options: {
        data: { username: '陳', locale: 'zh-hant' },
        emailRedirectTo: `${SITE}/zh-hant/auth/confirm`,
      },
    });
    expect(signUp.error).toBeNull();
    const confirmation = await latestMail(server, email);
    expect(pick(confirmation)).toEqual(
      expectedAuthMail('template', 'confirmation', { ConfirmationURL: asHtml(confirmation.link) }, 'zh-hant'),
    );
    expect(confirmation.subject).toBe('確認您的電郵地址');

    const member = await signedInUser(server, 'arabic');
    expect((await member.client.auth.updateUser({ data: { locale: 'ar' } })).error).toBeNull();
    expect(
      (
        await client(server).auth.resetPasswordForEmail(member.email, {
          redirectTo: `${SITE}/ar/reset-password`,
        })
      ).error,
    ).toBeNull();
    const recovery = await latestMail(server, member.email);
    expect(pick(recovery)).toEqual(
      expectedAuthMail('template', 'recovery', { ConfirmationURL: asHtml(recovery.link) }, 'ar'),
    );
    expect(recovery.html).toContain('dir="rtl"');
    expect(recovery.text).not.toContain('Reset your password');
  });

  it('confirmation, recovery, reauthentication, password change: each from its template', async () => {
    const email = uniqueEmail('signup');
    const signUp = await client(server).auth.signUp({
      email,
      password: 'correct-horse-1',
      options: { data: { username: 'signup' }, emailRedirectTo: `${SITE}/auth/confirm` },
    });
    expect(signUp.error).toBeNull();
    const confirmation = await latestMail(server, email);
    expect(confirmation.type).toBe('signup');
    expect(pick(confirmation)).toEqual(
      expectedAuthMail('template', 'confirmation', { ConfirmationURL: asHtml(confirmation.link) }),
    );

    const member = await signedInUser(server, 'changes');
    const c = member.client;
    expect(
      (
        await client(server).auth.resetPasswordForEmail(member.email, {
          redirectTo: `${SITE}/reset-password`,
        })
      ).error,
    ).toBeNull();
    const recovery = await latestMail(server, member.email);
    expect(recovery.type).toBe('recovery');
    expect(pick(recovery)).toEqual(
      expectedAuthMail('template', 'recovery', { ConfirmationURL: asHtml(recovery.link) }),
    );
    expect(recovery.text).toContain(FREEZE_TEXT);

    expect((await c.auth.reauthenticate()).error).toBeNull();
    const reauth = await latestMail(server, member.email);
    expect(reauth.type).toBe('reauthentication');
    expect(pick(reauth)).toEqual(expectedAuthMail('template', 'reauthentication', { Token: reauth.token }));
    expect(reauth.html).not.toContain('/auth/v1/verify');
    expect(reauth.text).toContain(FREEZE_TEXT);

    expect((await c.auth.updateUser({ password: 'another-horse-2', nonce: reauth.token })).error).toBeNull();
    // The change also starts a security hold, whose own mail (product outbox) may arrive first.
    const changed = await ofTypeSoon(member.email, 'password_changed_notification');
    const hold = await ofTypeSoon(member.email, 'security_hold');
    expect(hold.subject).toMatch(
      /^A security hold is on your withdrawals until \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d HKT$/,
    );
    expect(pick(changed)).toEqual(
      expectedAuthMail('notification', 'password_changed', { Email: member.email }),
    );
    expect(changed.text).toContain(FREEZE_TEXT);
  });

  it('e-mail change (both addresses, then the notice to the old one) and authenticator notices', async () => {
    const member = await signedInUser(server, 'move');
    const c = member.client;
    const enrolled = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    if (enrolled.error) throw enrolled.error;
    const codes = new TotpCodeBook(enrolled.data.totp.secret);
    const factorId = enrolled.data.id;
    expect((await c.auth.mfa.challengeAndVerify({ factorId, code: await codes.next() })).error).toBeNull();
    const added = await ofType(member.email, 'mfa_factor_enrolled_notification');
    expect(pick(added)).toEqual(
      expectedAuthMail('notification', 'mfa_factor_enrolled', { Email: member.email, FactorType: 'totp' }),
    );
    expect((await c.auth.mfa.unenroll({ factorId })).error).toBeNull();
    const removed = await ofType(member.email, 'mfa_factor_unenrolled_notification');
    expect(pick(removed)).toEqual(
      expectedAuthMail('notification', 'mfa_factor_unenrolled', { Email: member.email, FactorType: 'totp' }),
    );
    expect([added, removed].every((m) => m.text.includes(FREEZE_TEXT))).toBe(true);

    const newEmail = uniqueEmail('moved');
    expect(
      (await c.auth.updateUser({ email: newEmail }, { emailRedirectTo: `${SITE}/user/security` })).error,
    ).toBeNull();
    const toOld = await ofType(member.email, 'email_change');
    const toNew = await ofType(newEmail, 'email_change');
    for (const mail of [toOld, toNew]) {
      expect(pick(mail)).toEqual(
        expectedAuthMail('template', 'email_change', {
          NewEmail: newEmail,
          ConfirmationURL: asHtml(mail.link),
        }),
      );
      expect(mail.text).toContain(FREEZE_TEXT);
    }
    await followLink(toOld.link);
    await followLink(toNew.link);
    const notice = await ofType(member.email, 'email_changed_notification');
    expect(pick(notice)).toEqual(
      expectedAuthMail('notification', 'email_changed', { OldEmail: member.email, Email: newEmail }),
    );
    expect(notice.text).toContain(FREEZE_TEXT);
  });

  it("an invitation, which config.toml does not configure, is GoTrue's stock mail", async () => {
    const email = uniqueEmail('invited');
    const admin = client(server, server.serviceRoleKey);
    expect(
      (await admin.auth.admin.inviteUserByEmail(email, { data: { username: 'guest' } })).error,
    ).toBeNull();
    const mail = await latestMail(server, email);
    expect(mail.subject).toBe("You've been invited");
    expect(mail.html).toBe(
      `<h2>You've been invited</h2>\n\n<p>You've been invited to create an account. Follow the link below to accept.</p>\n<p><a href="${asHtml(mail.link)}">Accept invitation</a></p>`,
    );
  });

  describe('product mails', () => {
    const product = (kind: string) => {
      const [, subject = '', body = ''] =
        /^<!-- Subject: (.*) -->\n([\s\S]*)$/.exec(file(`supabase/templates/product/${kind}.html`)) ?? [];
      return { subject, body };
    };
    const enqueue = (user: string, kind: string, key: string, params: unknown) =>
      server.db.query('select private.enqueue_member_mail($1, $2, $3, $4::jsonb)', [
        user,
        kind,
        key,
        JSON.stringify(params),
      ]);
    const arrived = async (to: string, type: Mail['type']): Promise<Mail> => {
      let found: Mail | undefined;
      await waitFor(
        () => {
          void mailsTo(server, to).then((mails) => {
            found = mails.find((m) => m.type === type);
          });
          return found;
        },
        10_000,
        `${type} mail to ${to}`,
      );
      return found as Mail;
    };

    it('a committed event: its mail arrives by itself, rendered word for word', async () => {
      const member = await signedInUser(server, 'product');
      await enqueue(member.id, 'security_hold', `hold:${member.id}`, {
        change: 'password_changed',
        hold_until: '2026-11-26T14:05:00Z',
      });
      await enqueue(member.id, 'withdrawal_filed', `filed:${member.id}`, {
        amount: '1234.50',
        asset: 'BTC',
        network: 'bitcoin',
        label: "Anna's <cold> wallet",
      });
      await enqueue(member.id, 'withdrawal_cancelled', `cancelled:${member.id}`, {
        amount: '20.00',
        asset: 'USDT',
        network: 'tron',
        label: 'Exchange',
        reason: 'The address was removed from your address book.',
      });
      const common = { SiteURL: SITE };
      const hold = await arrived(member.email, 'security_hold');
      const values = { ...common, HoldUntil: '26 Nov 2026, 22:05 HKT', Change: 'your password was changed' };
      expect(pick(hold)).toEqual({
        subject: filled(product('security_hold').subject, values),
        html: filled(product('security_hold').body, values),
      });
      expect(hold.subject).toBe('A security hold is on your withdrawals until 26 Nov 2026, 22:05 HKT');
      expect(hold.text).toContain(FREEZE_TEXT);

      const filed = await arrived(member.email, 'withdrawal_filed');
      const filedValues = {
        ...common,
        Amount: '$1,234.50',
        Asset: 'BTC',
        Network: 'Bitcoin',
        Label: 'Anna&#39;s &lt;cold&gt; wallet',
      };
      expect(pick(filed)).toEqual({
        subject: inLanguage(product('withdrawal_filed').subject),
        html: filled(product('withdrawal_filed').body, filedValues),
      });
      expect(filed.text).toContain(`$1,234.50 in BTC on Bitcoin to your address "Anna's <cold> wallet"`);
      expect(filed.text).toContain(FREEZE_TEXT);

      const cancelled = await arrived(member.email, 'withdrawal_cancelled');
      const cancelledValues = {
        ...common,
        Amount: '$20.00',
        Asset: 'USDT',
        Network: 'TRON',
        Label: 'Exchange',
        Reason: 'The address was removed from your address book.',
      };
      expect(pick(cancelled)).toEqual({
        subject: inLanguage(product('withdrawal_cancelled').subject),
        html: filled(product('withdrawal_cancelled').body, cancelledValues),
      });
      const { rows } = await server.db.query<{ n: string }>(
        `select count(*)::text as n from private.mail_outbox where user_id = $1 and sent_at is not null`,
        [member.id],
      );
      expect(rows[0]?.n).toBe('3');
    });

    it('a rolled-back event sends nothing', async () => {
      const member = await signedInUser(server, 'rollback');
      const FAILED = new Error('the event failed');
      await expect(
        server.db.transaction(async (tx) => {
          await tx.query('select private.enqueue_member_mail($1, $2, $3, $4::jsonb)', [
            member.id,
            'withdrawal_filed',
            `filed:${member.id}`,
            JSON.stringify({ amount: '5.00', asset: 'BTC', network: 'bitcoin', label: 'X' }),
          ]);
          throw FAILED;
        }),
      ).rejects.toBe(FAILED);
      await server.deliverMail();
      expect((await mailsTo(server, member.email)).filter((m) => m.type === 'withdrawal_filed')).toEqual([]);
    });
  });
});
