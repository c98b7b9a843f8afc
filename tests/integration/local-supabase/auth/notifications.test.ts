/**
 * GoTrue's security notification e-mails on the local server (issue 23): after a password change, a
 * confirmed e-mail change, an authenticator's first code and its removal, each lands in the outbox
 * with its subject and recipient, and none is sent while its `enabled` flag is off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_KINDS,
  loadProjectConfig,
  type NotificationKind,
} from '../../../../supabase/local/config';
import { DEFAULT_PROJECT_DIR, type LocalSupabase } from '../../../../supabase/local/server';
import { TotpCodeBook } from '../../../support/totp';
import { EngineHarness, signedInUser, uniqueEmail } from '../harness';
import { followLink, latestMail, mailsTo } from './mail';

const SUBJECTS: Record<NotificationKind, string> = {
  password_changed: 'Password changed (test)',
  email_changed: 'E-mail changed (test)',
  phone_changed: 'Phone changed (test)',
  identity_linked: 'Identity linked (test)',
  identity_unlinked: 'Identity unlinked (test)',
  mfa_factor_enrolled: 'Factor added (test)',
  mfa_factor_unenrolled: 'Factor removed (test)',
};

/** The four this project turns on (members have no phone and no second identity). */
const PROJECT_KINDS = [
  'password_changed',
  'email_changed',
  'mfa_factor_enrolled',
  'mfa_factor_unenrolled',
] as const;

describe('security notification e-mails (local server, pglite)', () => {
  const harness = new EngineHarness('pglite');
  let server: LocalSupabase;

  const setAll = (enabled: boolean) =>
    server.setAuthOverrides({
      notifications: Object.fromEntries(
        NOTIFICATION_KINDS.map((kind) => [
          kind,
          {
            enabled,
            subject: SUBJECTS[kind],
            content: '<p>For {{ .Email }} ({{ .OldEmail }}{{ .FactorType }})</p>',
          },
        ]),
      ) as LocalSupabase['config']['auth']['notifications'],
    });

  beforeAll(async () => {
    server = await harness.server();
  });
  afterAll(async () => {
    await harness.stop();
  });

  const notificationsTo = async (to: string) =>
    (await mailsTo(server, to)).filter((m) => m.type.endsWith('_notification'));

  /** A member who changes the password, enrols and removes an authenticator, then changes e-mail. */
  async function everyChange(tag: string) {
    const user = await signedInUser(server, tag);
    const c = user.client;
    const pw = await c.auth.updateUser({ password: 'another-horse-2' });
    expect(pw.error).toBeNull();
    const enrolled = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    if (enrolled.error) throw enrolled.error;
    const codes = new TotpCodeBook(enrolled.data.totp.secret);
    const factorId = enrolled.data.id;
    expect((await c.auth.mfa.challengeAndVerify({ factorId, code: await codes.next() })).error).toBeNull();
    expect((await c.auth.mfa.unenroll({ factorId })).error).toBeNull();
    const newEmail = uniqueEmail(`${tag}-new`);
    expect((await c.auth.updateUser({ email: newEmail })).error).toBeNull();
    await followLink((await latestMail(server, newEmail)).link);
    return { ...user, newEmail };
  }

  it('sends each one, to the right address, with the configured subject and template', async () => {
    setAll(true);
    const { email, newEmail } = await everyChange('notified');
    const mails = await notificationsTo(email);
    expect(mails.map((m) => [m.type, m.subject]).reverse()).toEqual([
      ['password_changed_notification', SUBJECTS.password_changed],
      ['mfa_factor_enrolled_notification', SUBJECTS.mfa_factor_enrolled],
      ['mfa_factor_unenrolled_notification', SUBJECTS.mfa_factor_unenrolled],
      // GoTrue tells the address being left.
      ['email_changed_notification', SUBJECTS.email_changed],
    ]);
    expect(mails.find((m) => m.type === 'mfa_factor_enrolled_notification')?.html).toBe(
      `<p>For ${email} (totp)</p>`,
    );
    expect(mails.find((m) => m.type === 'email_changed_notification')?.html).toBe(
      `<p>For ${newEmail} (${email})</p>`,
    );
    expect(mails.every((m) => m.link === '' && m.token === '')).toBe(true);
    expect(await notificationsTo(newEmail)).toEqual([]);
  });

  it('sends none while the flags are off (the CLI default)', async () => {
    setAll(false);
    const { email, newEmail } = await everyChange('quiet');
    expect(await notificationsTo(email)).toEqual([]);
    expect(await notificationsTo(newEmail)).toEqual([]);
  });

  it("reads this project's config.toml: four on, each with its template from supabase/templates", () => {
    const { notifications } = loadProjectConfig(DEFAULT_PROJECT_DIR).auth;
    for (const kind of NOTIFICATION_KINDS) {
      expect(notifications[kind].enabled, kind).toBe((PROJECT_KINDS as readonly string[]).includes(kind));
    }
    for (const kind of PROJECT_KINDS) {
      expect(notifications[kind].enabled, kind).toBe(true);
      expect(notifications[kind].subject, kind).toMatch(/Liquid Capital/);
      expect(notifications[kind].content, kind).toMatch(/<h2>/);
    }
  });
});
