import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { NotificationKind } from '../config';
import type { MemberMailKind } from './product';

/** The mails that carry a link or a code. */
export type AuthMailType =
  'recovery' | 'signup' | 'invite' | 'magiclink' | 'email_change' | 'reauthentication';
/** GoTrue's security notifications (its template names); they carry neither link nor code. */
export type NotificationMailType = `${NotificationKind}_notification`;
/** The product's own mails, queued in the database (private.mail_outbox) and delivered by a job. */
export type ProductMailType = MemberMailKind;

/** A mail the local server "sent": kept so a person or a test can open the link. */
export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  type: AuthMailType | NotificationMailType | ProductMailType;
  /** The link in the mail (GoTrue's ConfirmationURL). */
  link: string;
  /** The one-time code (GoTrue's Token). */
  token: string;
  tokenHash: string;
  redirectTo: string;
  createdAt: string;
}

/**
 * A local mailbox instead of SMTP. With a folder each mail is also written as JSON and as a plain
 * .eml-ish text file, newest files sorting last by name; in memory mode it lives only in this process.
 */
export class Outbox {
  private readonly mails: Mail[] = [];

  constructor(readonly dir: string | undefined) {
    if (dir) {
      mkdirSync(dir, { recursive: true });
      for (const name of readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort()) {
        try {
          this.mails.push(JSON.parse(readFileSync(join(dir, name), 'utf8')) as Mail);
        } catch {
          // A half-written or hand-edited file is not worth refusing to start for.
        }
      }
    }
  }

  add(mail: Omit<Mail, 'id' | 'createdAt'>): Mail {
    const full: Mail = { ...mail, id: randomUUID(), createdAt: new Date().toISOString() };
    this.mails.push(full);
    if (this.dir && existsSync(this.dir)) {
      const stem = `${full.createdAt.replace(/[:.]/g, '-')}-${full.type}-${full.id.slice(0, 8)}`;
      writeFileSync(join(this.dir, `${stem}.json`), JSON.stringify(full, null, 2));
      writeFileSync(
        join(this.dir, `${stem}.txt`),
        `To: ${full.to}\nSubject: ${full.subject}\nDate: ${full.createdAt}\n\n${full.text}\n`,
      );
    }
    return full;
  }

  /** Newest first. */
  list(to?: string): Mail[] {
    const wanted = to?.toLowerCase();
    return this.mails.filter((m) => !wanted || m.to.toLowerCase() === wanted).reverse();
  }

  latest(to?: string): Mail | undefined {
    return this.list(to)[0];
  }
}
