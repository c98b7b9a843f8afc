import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../db/engine';
import type { AuthMailType } from '../mail/outbox';
import type { Auth } from './context';
import { ErrorCode, tooManyRequests } from './errors';
import { renderGoTrueMail } from './templates';
import type { TemplateKind } from '../config';
import { loadUserById, type UserRow } from './models/user';
import type { PkceParams } from './validation';
import { createFlowState } from './models/flow-state';
import { deleteOneTimeTokens, upsertOneTimeToken } from './models/one-time-token';
import { clearUserToken, findUserByToken, setUserToken } from './models/user';

/**
 * Where GoTrue keeps each mailed token: a users column (the hash the link carries), the column with
 * the time it was sent, and the matching auth.one_time_tokens type.
 */
export const SLOTS = {
  confirmation: {
    column: 'confirmation_token',
    sentAt: 'confirmation_sent_at',
    ott: 'confirmation_token',
  },
  recovery: { column: 'recovery_token', sentAt: 'recovery_sent_at', ott: 'recovery_token' },
  emailChangeCurrent: {
    column: 'email_change_token_current',
    sentAt: 'email_change_sent_at',
    ott: 'email_change_token_current',
  },
  emailChangeNew: {
    column: 'email_change_token_new',
    sentAt: 'email_change_sent_at',
    ott: 'email_change_token_new',
  },
  reauthentication: {
    column: 'reauthentication_token',
    sentAt: 'reauthentication_sent_at',
    ott: 'reauthentication_token',
  },
} as const;

export type SlotName = keyof typeof SLOTS;

/** The `type` values /verify accepts for e-mail, and the slots each one may consume. */
export const VERIFY_TYPES = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  email: ['confirmation', 'recovery'],
  email_change: ['emailChangeCurrent', 'emailChangeNew'],
} as const satisfies Record<string, readonly SlotName[]>;

export type VerifyType = keyof typeof VERIFY_TYPES;

export function verifyType(type: unknown): VerifyType | undefined {
  return typeof type === 'string' && Object.hasOwn(VERIFY_TYPES, type) ? (type as VerifyType) : undefined;
}

/** The flow_state authentication_method GoTrue records for a PKCE mail of each type. */
export const FLOW_METHOD: Record<VerifyType, string> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email: 'email',
  email_change: 'email_change',
};

/** GoTrue's token hash: hex SHA-224 of the address and the code. */
export const tokenHashOf = (email: string, otp: string): string =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex');

const newOtp = (length: number): string => String(randomInt(0, 10 ** length)).padStart(length, '0');

/** GoTrue's max_frequency: one mail of a kind per user per interval, counted from the last one sent. */
export function refuseIfMailedRecently(auth: Auth, sentAt: string | null | undefined): void {
  if (!sentAt) return;
  const maxFrequency = auth.config.maxFrequency;
  const since = (Date.now() - Date.parse(sentAt)) / 1000;
  if (since < maxFrequency) {
    const wait = Math.max(1, Math.ceil(maxFrequency - since));
    throw tooManyRequests(
      ErrorCode.overEmailSendRateLimit,
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
}

/**
 * GoTrue's hourly e-mail budget: always spent when it is 0, otherwise only while confirmations are on
 * (GoTrue skips it with mailer_autoconfirm).
 */
export function checkEmailBudget(auth: Auth): void {
  if (auth.config.enableConfirmations || auth.config.rateLimit.emailSent <= 0) auth.limits.checkEmailSend();
}

/** A token stored for a user: the code for the person, the (maybe pkce_-prefixed) hash for the link. */
export interface IssuedToken {
  otp: string;
  tokenHash: string;
}

/** Stores a fresh token in a slot (users column + one_time_tokens row). */
export async function storeToken(
  tx: Queryable,
  auth: Auth,
  user: UserRow,
  slot: SlotName,
  address: string,
  pkce: PkceParams | undefined,
): Promise<IssuedToken> {
  const s = SLOTS[slot];
  const otp = newOtp(auth.config.otpLength);
  const plain = tokenHashOf(address, otp);
  const tokenHash = pkce ? `pkce_${plain}` : plain;
  await setUserToken(tx, user.id, s.column, s.sentAt, tokenHash);
  await upsertOneTimeToken(tx, { userId: user.id, type: s.ott, tokenHash, relatesTo: address });
  return { otp, tokenHash };
}

/** Records a PKCE flow so the link's ?code= can later be exchanged (GoTrue's generateFlowState). */
export async function storeFlowState(
  tx: Queryable,
  userId: string,
  pkce: PkceParams,
  method: string,
): Promise<void> {
  await createFlowState(tx, {
    userId,
    codeChallengeMethod: pkce.method,
    codeChallenge: pkce.challenge,
    method,
  });
}

/** GoTrue's ConfirmationURL: the /verify link with the token hash. */
export function verifyLink(auth: Auth, tokenHash: string, type: string, redirectTo: string): string {
  return `${auth.apiUrl()}/auth/v1/verify?token=${tokenHash}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
}

/** config.toml's (and GoTrue's) template name for each mail type the outbox records. */
const TEMPLATE_OF: Record<AuthMailType, TemplateKind> = {
  signup: 'confirmation',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magic_link',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
};

/** One mail with a link or code, as GoTrue's mailer builds it. */
export interface MailToSend {
  type: AuthMailType;
  to: string;
  /** The account (before the change it asks to confirm). */
  user: UserRow;
  token: IssuedToken;
  /** GoTrue's ConfirmationURL; '' for reauthentication, which carries only a code. */
  link: string;
  redirectTo: string;
  /** email_change: the address being changed to. */
  newEmail?: string;
}

/**
 * Renders the mail from config.toml's template for its type, with the variables GoTrue gives that
 * mail (templatemailer.go), and writes it to the outbox.
 */
export function deliver(auth: Auth, mail: MailToSend): void {
  const { type, to, user, token, link, redirectTo } = mail;
  const common = { SiteURL: auth.config.siteUrl, Email: user.email ?? '', Token: token.otp };
  const metadata = { Data: user.raw_user_meta_data ?? {} };
  const values =
    type === 'reauthentication'
      ? { ...common, ...metadata }
      : {
          ...common,
          ConfirmationURL: link,
          TokenHash: token.tokenHash,
          ...metadata,
          RedirectTo: redirectTo,
          ...(type === 'email_change' ? { NewEmail: mail.newEmail ?? '', SendingTo: to } : {}),
        };
  const template = TEMPLATE_OF[type];
  auth.outbox.add({
    to,
    type,
    link,
    token: token.otp,
    tokenHash: token.tokenHash,
    redirectTo,
    ...renderGoTrueMail(template, auth.config.templates[template], values),
  });
}

export type LinkMailType = 'signup' | 'invite' | 'recovery' | 'magiclink';

const MAIL_SLOT: Record<LinkMailType, SlotName> = {
  signup: 'confirmation',
  invite: 'confirmation',
  recovery: 'recovery',
  magiclink: 'recovery',
};

/**
 * Stores a token and mails it: a confirmation, invitation, recovery or magic link mail (with its
 * code). The token and flow state are written in one transaction; the mail only after it commits.
 */
export async function sendLinkMail(
  auth: Auth,
  user: UserRow,
  type: LinkMailType,
  redirectTo: string,
  pkce: PkceParams | undefined,
): Promise<IssuedToken> {
  checkEmailBudget(auth);
  const email = (user.email ?? '').toLowerCase();
  const token = await auth.db.transaction(async (tx) => {
    const issued = await storeToken(tx, auth, user, MAIL_SLOT[type], email, pkce);
    if (pkce) await storeFlowState(tx, user.id, pkce, FLOW_METHOD[type]);
    return issued;
  });
  const link = verifyLink(auth, token.tokenHash, type, redirectTo);
  deliver(auth, { type, to: email, user, token, link, redirectTo });
  return token;
}

/**
 * Finds the user holding one of these token hashes in one of the slots, still within otp_expiry, and
 * clears that slot. Returns which slot matched, or undefined when the token is unknown, used or old.
 */
export async function consumeToken(
  auth: Auth,
  tx: Queryable,
  slots: readonly SlotName[],
  tokenHashes: string[],
): Promise<{ user: UserRow; slot: SlotName } | undefined> {
  for (const slot of slots) {
    const s = SLOTS[slot];
    const user = await findUserByToken(tx, s.column, s.sentAt, tokenHashes, auth.config.otpExpiry);
    if (!user) continue;
    await clearUserToken(tx, user.id, s.column);
    await deleteOneTimeTokens(tx, user.id, [s.ott]);
    return { user: (await loadUserById(tx, user.id)) ?? user, slot };
  }
  return undefined;
}
