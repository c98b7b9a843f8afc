import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/engine';
import type { Outbox } from './outbox';
import { renderTemplate, textOfHtml } from './render';

/**
 * The product's own mails (docs/mail.md): queued in private.mail_outbox with the event they announce,
 * claimed with public.claim_member_mails, rendered from supabase/templates/product/<kind>.html and
 * written to the local outbox beside Auth's mails. A hosted project runs the same steps in a
 * scheduled job with a real mail provider.
 */

export const MEMBER_MAIL_KINDS = ['security_hold', 'withdrawal_filed', 'withdrawal_cancelled'] as const;
export type MemberMailKind = (typeof MEMBER_MAIL_KINDS)[number];

export interface ProductTemplate {
  subject: string;
  body: string;
}

/** A product template's first line names its subject: `<!-- Subject: ... -->`; the rest is the body. */
export function parseProductTemplate(text: string): ProductTemplate {
  const match = /^<!--\s*Subject:\s*([\s\S]*?)\s*-->\r?\n/.exec(text);
  if (!match) throw new Error('A product mail template starts with <!-- Subject: ... -->');
  // A formatter may wrap a long subject over lines; a subject is one line.
  return { subject: (match[1] ?? '').replace(/\s+/g, ' '), body: text.slice(match[0].length) };
}

export function loadProductTemplates(projectDir: string): Record<MemberMailKind, ProductTemplate> {
  const entries = MEMBER_MAIL_KINDS.map(
    (kind) =>
      [
        kind,
        parseProductTemplate(readFileSync(join(projectDir, 'templates', 'product', `${kind}.html`), 'utf8')),
      ] as const,
  );
  return Object.fromEntries(entries) as Record<MemberMailKind, ProductTemplate>;
}

export const isMemberMailKind = (kind: string): kind is MemberMailKind =>
  (MEMBER_MAIL_KINDS as readonly string[]).includes(kind);

/** One claimed mail, as claim_member_mails hands it out. */
export interface ClaimedMail {
  id: string;
  email: string | null;
  kind: string;
  idempotency_key: string;
  /** The values the template uses (jsonb as text: the engines return json unparsed). */
  template_values: string;
  attempts: number;
}

/** Subject and body with the claimed values, plus SiteURL and Email, in the template's own words. */
export function renderProductMail(
  template: ProductTemplate,
  values: Record<string, string>,
  siteUrl: string,
  email: string,
): { subject: string; html: string; text: string } {
  const all = { ...values, SiteURL: siteUrl, Email: email };
  const html = renderTemplate(template.body, all);
  return { subject: renderTemplate(template.subject, all), html, text: `${textOfHtml(html)}\n` };
}

export interface MailDeliveryDeps {
  db: Database;
  outbox: Outbox;
  templates: Record<MemberMailKind, ProductTemplate>;
  siteUrl: () => string;
}

/** One delivery pass: claims what is due, writes each mail to the outbox, marks it sent or failed. */
export async function deliverMemberMails(deps: MailDeliveryDeps): Promise<number> {
  const { rows } = await deps.db.query<ClaimedMail>('select * from public.claim_member_mails(50, 300)');
  let sent = 0;
  for (const mail of rows) {
    try {
      if (!mail.email) throw new Error('The member has no e-mail address');
      if (!isMemberMailKind(mail.kind)) throw new Error(`No template for mail kind ${mail.kind}`);
      const values = JSON.parse(mail.template_values) as Record<string, string>;
      deps.outbox.add({
        to: mail.email.toLowerCase(),
        type: mail.kind,
        ...renderProductMail(deps.templates[mail.kind], values, deps.siteUrl(), mail.email),
        link: '',
        token: '',
        tokenHash: '',
        redirectTo: '',
      });
      await deps.db.query('select public.mark_member_mail_sent($1)', [mail.id]);
      sent += 1;
    } catch (error) {
      await deps.db.query('select public.mark_member_mail_failed($1, $2)', [
        mail.id,
        error instanceof Error ? error.message : String(error),
      ]);
    }
  }
  return sent;
}

/**
 * The local delivery loop: a pass whenever a queued mail's transaction commits (NOTIFY member_mail)
 * and every `intervalMs` for retries and expired leases. Passes never overlap.
 */
export async function startMailDelivery(
  deps: MailDeliveryDeps,
  intervalMs = 30_000,
): Promise<{ deliverNow(): Promise<number>; stop(): Promise<void> }> {
  let running: Promise<number> | undefined;
  let stopped = false;
  // A caller that finds a pass under way waits for it and runs its own: the pass may have claimed
  // before the caller's mail committed.
  const deliverNow = async (): Promise<number> => {
    if (stopped) return 0;
    if (running) {
      await running.catch(() => 0);
      return deliverNow();
    }
    running = deliverMemberMails(deps).finally(() => {
      running = undefined;
    });
    return running;
  };
  const quietly = (): void => {
    deliverNow().catch((error: unknown) => {
      if (!stopped) console.error('[local mail] delivery failed:', error);
    });
  };
  const unlisten = await deps.db.listen('member_mail', quietly);
  const timer = setInterval(quietly, intervalMs);
  timer.unref();
  quietly();
  return {
    deliverNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await running?.catch(() => undefined);
    },
  };
}
