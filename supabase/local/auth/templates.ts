import type { NotificationKind, TemplateConfig, TemplateKind } from '../config';
import { renderTemplate, textOfHtml, type TemplateValues } from '../mail/render';

/**
 * Every mail GoTrue sends, rendered as `supabase start` has GoTrue render it: the subject and the
 * template from config.toml (`[auth.email.template.*]`, `[auth.email.notification.*]`), each a Go
 * template over GoTrue's variables; GoTrue's own stock subject or body only where config.toml names
 * none. The local outbox then shows a developer the mail a client gets.
 */

/** GoTrue's template names: the six mails with a link or code and the security notifications. */
export type GoTrueTemplate = TemplateKind | `${NotificationKind}_notification`;

export interface RenderedMail {
  subject: string;
  /** What GoTrue sends (it sends HTML only). */
  html: string;
  /** The same, readable in the outbox's .txt files. */
  text: string;
}

interface Stock {
  subject: string;
  body: string;
}

// GoTrue's stock wording (supabase/auth internal/mailer/templatemailer/templatemailer.go, the
// version the Supabase CLI runs), used only for a mail whose subject or template config.toml leaves
// unset: that is what a project without its own template sends.
const STOCK: Record<GoTrueTemplate, Stock> = {
  invite: {
    subject: "You've been invited",
    body: `<h2>You've been invited</h2>

<p>You've been invited to create an account. Follow the link below to accept.</p>
<p><a href="{{ .ConfirmationURL }}">Accept invitation</a></p>`,
  },
  confirmation: {
    subject: 'Confirm your email address',
    body: `<h2>Confirm your email address</h2>

<p>Follow the link below to confirm this email address and finish signing up.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm email address</a></p>
`,
  },
  recovery: {
    subject: 'Reset your password',
    body: `<h2>Reset your password</h2>

<p>We received a request to reset your password. Follow the link below to choose a new one.</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>If you didn't request this, you can safely ignore this email.</p>`,
  },
  magic_link: {
    subject: 'Your sign-in link',
    body: `<h2>Your sign-in link</h2>

<p>Follow the link below to sign in. This link expires shortly and can only be used once.</p>
<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>`,
  },
  email_change: {
    subject: 'Confirm your new email address',
    body: `<h2>Confirm your new email address</h2>

<p>Follow the link below to confirm {{ .NewEmail }} as your new email address.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm new email address</a></p>
<p>If you didn't request this change, you can safely ignore this email.</p>`,
  },
  reauthentication: {
    subject: '{{ .Token }} is your verification code',
    body: `<h2>Your verification code</h2>

<p>Use the code below to verify your identity. It expires shortly.</p>
<p>{{ .Token }}</p>`,
  },
  password_changed_notification: {
    subject: 'Your password was changed',
    body: `<h2>Your password was changed</h2>

<p>The password for your account was recently changed.</p>
<p>If you didn't make this change, reset your password and contact support immediately.</p>
`,
  },
  email_changed_notification: {
    subject: 'Your email address was changed',
    body: `<h2>Your email address was changed</h2>

<p>The email address for your account was changed from {{ .OldEmail }} to {{ .Email }}.</p>
<p>If you didn't make this change, contact support immediately.</p>
`,
  },
  phone_changed_notification: {
    subject: 'Your phone number was changed',
    body: `<h2>Your phone number was changed</h2>

<p>The phone number for your account was changed from {{ .OldPhone }} to {{ .Phone }}.</p>
<p>If you didn't make this change, contact support immediately.</p>
`,
  },
  identity_linked_notification: {
    subject: 'A new sign-in method was linked to your account',
    body: `<h2>A new sign-in method was linked</h2>

<p>Your {{ .Provider }} account was linked as a new sign-in method for {{ .Email }}.</p>
<p>If you didn't make this change, contact support immediately.</p>
`,
  },
  identity_unlinked_notification: {
    subject: 'A sign-in method was removed from your account',
    body: `<h2>A sign-in method was removed</h2>

<p>Your {{ .Provider }} account was removed as a sign-in method for {{ .Email }}.</p>
<p>If you didn't make this change, contact support immediately.</p>
`,
  },
  mfa_factor_enrolled_notification: {
    subject: 'A new verification method was added to your account',
    body: `<h2>A new verification method was added</h2>

<p>Sign-in verification method {{ .FactorType }} was added to your account.</p>
<p>If you didn't make this change, contact support immediately.</p>
`,
  },
  mfa_factor_unenrolled_notification: {
    subject: 'A verification method was removed from your account',
    body: `<h2>A verification method was removed</h2>

<p>Sign-in verification method {{ .FactorType }} was removed from your account.</p>
<p>If you didn't make this change, contact support immediately.</p>
`,
  },
};

/** GoTrue's stock subject and body of a mail (what config.toml falls back to). */
export const stockTemplate = (name: GoTrueTemplate): Readonly<Stock> => STOCK[name];

/**
 * Renders one of GoTrue's mails: config.toml's subject and template where set, else the stock ones,
 * over GoTrue's variables for that mail (SiteURL, Email, Token, ConfirmationURL, ..., Data).
 */
export function renderGoTrueMail(
  name: GoTrueTemplate,
  configured: TemplateConfig,
  values: TemplateValues,
): RenderedMail {
  const stock = STOCK[name];
  const html = renderTemplate(configured.content ?? stock.body, values);
  return {
    subject: renderTemplate(configured.subject ?? stock.subject, values),
    html,
    text: `${textOfHtml(html)}\n`,
  };
}
