import type { NotificationKind } from '../config';
import type { NotificationMailType } from '../mail/outbox';
import type { Auth } from './context';

/**
 * GoTrue's security notification e-mails (2.180+, `[auth.email.notification.*]`): after a password
 * change, a confirmed e-mail change, a factor's first verification and a factor's removal, each only
 * when its `enabled` flag is on. They carry no link and no code. The body is the template from
 * content_path with GoTrue's variables filled in, or GoTrue's own default wording.
 */

/** What a notification's template may use (GoTrue passes these names). */
export interface NotificationData {
  /** The account's address (after an e-mail change: the new one). */
  email: string;
  /** email_changed only: the address before the change, which is also where the mail goes. */
  oldEmail?: string;
  /** mfa_factor_*: the factor type, e.g. totp. */
  factorType?: string;
}

interface Default {
  subject: string;
  body: string;
}

// GoTrue's default subjects and the gist of its default bodies, for a template left unset.
const DEFAULTS: Record<NotificationKind, Default> = {
  password_changed: {
    subject: 'Your password was changed',
    body: '<h2>Your password was changed</h2><p>The password for your account {{ .Email }} was recently changed.</p>',
  },
  email_changed: {
    subject: 'Your email address was changed',
    body: '<h2>Your email address was changed</h2><p>The email address for your account was changed from {{ .OldEmail }} to {{ .Email }}.</p>',
  },
  mfa_factor_enrolled: {
    subject: 'A new verification method was added to your account',
    body: '<h2>A new verification method was added</h2><p>Sign-in verification method {{ .FactorType }} was added to your account.</p>',
  },
  mfa_factor_unenrolled: {
    subject: 'A verification method was removed from your account',
    body: '<h2>A verification method was removed</h2><p>Sign-in verification method {{ .FactorType }} was removed from your account.</p>',
  },
};

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Go template variables as `{{ .Name }}`; anything else in braces is left as written. */
function fill(template: string, vars: Record<string, string>, escape: (s: string) => string): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? escape(vars[name] ?? '') : whole,
  );
}

const textOf = (html: string): string =>
  html
    .replace(/<\/(h\d|p)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\n\s*\n+/g, '\n')
    .trim();

/** Sends one notification to the outbox when it is enabled; the recipient is GoTrue's. */
export function notify(auth: Auth, kind: NotificationKind, data: NotificationData): void {
  const config = auth.config.notifications[kind];
  if (!config.enabled) return;
  const to = (kind === 'email_changed' ? (data.oldEmail ?? '') : data.email).toLowerCase();
  if (!to) return;
  const vars = {
    SiteURL: auth.config.siteUrl,
    Email: data.email,
    OldEmail: data.oldEmail ?? '',
    FactorType: data.factorType ?? '',
  };
  const html = fill(config.content ?? DEFAULTS[kind].body, vars, escapeHtml);
  const type: NotificationMailType = `${kind}_notification`;
  auth.outbox.add({
    to,
    type,
    subject: fill(config.subject ?? DEFAULTS[kind].subject, vars, (s) => s),
    html,
    text: `${textOf(html)}\n`,
    link: '',
    token: '',
    tokenHash: '',
    redirectTo: '',
  });
}
