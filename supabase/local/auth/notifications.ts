import type { NotificationKind } from '../config';
import type { Auth } from './context';
import { renderGoTrueMail } from './templates';

/**
 * GoTrue's security notification e-mails (2.180+, `[auth.email.notification.*]`): after a password
 * change, a confirmed e-mail change, a factor's first verification, a factor's removal and an
 * identity's unlinking, each only when its `enabled` flag is on. They carry no link and no code.
 */

/** What a notification's template may use (GoTrue passes these names). */
export interface NotificationData {
  /** The account's address (after an e-mail change: the new one). */
  email: string;
  /** email_changed only: the address before the change, which is also where the mail goes. */
  oldEmail?: string;
  /** mfa_factor_*: the factor type, e.g. totp. */
  factorType?: string;
  /** identity_*: the provider of the identity. */
  provider?: string;
  /** The user's user_metadata (GoTrue's `.Data`). */
  metadata?: Record<string, unknown> | null;
}

/** Sends one notification to the outbox when it is enabled; the recipient is GoTrue's. */
export function notify(auth: Auth, kind: NotificationKind, data: NotificationData): void {
  const config = auth.config.notifications[kind];
  if (!config.enabled) return;
  const to = (kind === 'email_changed' ? (data.oldEmail ?? '') : data.email).toLowerCase();
  if (!to) return;
  // Exactly the variables GoTrue gives each notification (templatemailer.go).
  const values = {
    SiteURL: auth.config.siteUrl,
    Email: data.email,
    Data: data.metadata ?? {},
    ...(kind === 'email_changed' ? { OldEmail: data.oldEmail ?? '' } : {}),
    ...(kind.startsWith('mfa_factor_') ? { FactorType: data.factorType ?? '' } : {}),
    ...(kind.startsWith('identity_') ? { Provider: data.provider ?? '' } : {}),
  };
  auth.outbox.add({
    to,
    type: `${kind}_notification`,
    ...renderGoTrueMail(`${kind}_notification`, config, values),
    link: '',
    token: '',
    tokenHash: '',
    redirectTo: '',
  });
}
