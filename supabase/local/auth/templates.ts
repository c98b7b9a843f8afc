import type { AuthMailType } from '../mail/outbox';

/** What a template gets: GoTrue's template variables (ConfirmationURL, Token, ...). */
export interface TemplateData {
  /** The /verify link; empty for the reauthentication mail, which only carries a code. */
  confirmationUrl: string;
  token: string;
  /** The address being changed to (email change mails). */
  newEmail?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Template {
  subject: string;
  title: string;
  /** The sentence before the link. */
  action: (data: TemplateData) => string;
}

// The wording of the Supabase CLI's default templates, per mail type.
const TEMPLATES: Record<AuthMailType, Template> = {
  signup: {
    subject: 'Confirm Your Signup',
    title: 'Confirm your signup',
    action: () => 'Follow this link to confirm your user:',
  },
  invite: {
    subject: 'You have been invited',
    title: 'You have been invited',
    action: () => 'You have been invited to create a user. Follow this link to accept the invite:',
  },
  recovery: {
    subject: 'Reset Your Password',
    title: 'Reset Password',
    action: () => 'Follow this link to reset the password for your user:',
  },
  magiclink: {
    subject: 'Your Magic Link',
    title: 'Magic Link',
    action: () => 'Follow this link to login:',
  },
  email_change: {
    subject: 'Confirm Email Change',
    title: 'Confirm Change of Email',
    action: (d) => `Follow this link to confirm the update of your email to ${d.newEmail ?? ''}:`,
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    title: 'Confirm reauthentication',
    action: () => 'Enter the code:',
  },
};

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderMail(type: AuthMailType, data: TemplateData): RenderedMail {
  const t = TEMPLATES[type];
  const action = t.action(data);
  if (!data.confirmationUrl) {
    return {
      subject: t.subject,
      text: `${t.title}\n\n${action} ${data.token}\n`,
      html: `<h2>${escapeHtml(t.title)}</h2><p>${escapeHtml(action)} ${escapeHtml(data.token)}</p>`,
    };
  }
  return {
    subject: t.subject,
    text: `${t.title}\n\n${action}\n${data.confirmationUrl}\n\nAlternatively, enter the code: ${data.token}\n`,
    html: `<h2>${escapeHtml(t.title)}</h2><p>${escapeHtml(action)}</p><p><a href="${escapeHtml(data.confirmationUrl)}">${escapeHtml(t.title)}</a></p><p>Alternatively, enter the code: ${escapeHtml(data.token)}</p>`,
  };
}
