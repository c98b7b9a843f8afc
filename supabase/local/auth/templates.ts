import type { Mail } from '../mail/outbox';

/** What a template gets: GoTrue's template variables (ConfirmationURL, Token, ...). */
export interface TemplateData {
  confirmationUrl: string;
  token: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Template {
  subject: string;
  title: string;
  action: string;
}

// The wording of the Supabase CLI's default templates, per mail type.
const TEMPLATES: Partial<Record<Mail['type'], Template>> = {
  recovery: {
    subject: 'Reset Your Password',
    title: 'Reset Password',
    action: 'reset the password for your user',
  },
  signup: { subject: 'Confirm Your Signup', title: 'Confirm your signup', action: 'confirm your user' },
};

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderMail(type: Mail['type'], data: TemplateData): RenderedMail {
  const t = TEMPLATES[type];
  if (!t) throw new Error(`No mail template for ${type}`);
  return {
    subject: t.subject,
    text: `${t.title}\n\nFollow this link to ${t.action}:\n${data.confirmationUrl}\n\nAlternatively, enter the code: ${data.token}\n`,
    html: `<h2>${t.title}</h2><p>Follow this link to ${t.action}:</p><p><a href="${escapeHtml(data.confirmationUrl)}">${t.title}</a></p><p>Alternatively, enter the code: ${escapeHtml(data.token)}</p>`,
  };
}
