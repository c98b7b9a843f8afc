import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/engine';
import type { Auth } from './context';
import { AuthError, ErrorCode } from './errors';
import { renderMail } from './templates';
import { loadUser, loadUserById, markEmailVerified, type UserRow } from './users';
import type { PkceParams } from './validation';

export type TokenKind = 'recovery' | 'signup';

/** Where each kind of mailed token lives (GoTrue's users columns and one_time_tokens types). */
export const TOKEN_KINDS: Record<TokenKind, { column: string; sentAt: string; ott: string; method: string }> =
  {
    recovery: {
      column: 'recovery_token',
      sentAt: 'recovery_sent_at',
      ott: 'recovery_token',
      method: 'recovery',
    },
    signup: {
      column: 'confirmation_token',
      sentAt: 'confirmation_sent_at',
      ott: 'confirmation_token',
      method: 'email/signup',
    },
  };

export function tokenKind(type: unknown): TokenKind | undefined {
  if (type === 'recovery') return 'recovery';
  if (type === 'signup' || type === 'email') return 'signup';
  return undefined;
}

/** GoTrue's token hash: hex SHA-224 of the address and the code. */
export const tokenHashOf = (email: string, otp: string): string =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex');

/** GoTrue's max_frequency: one mail of a kind per user per interval, counted from the last one sent. */
export function refuseIfMailedRecently(auth: Auth, sentAt: string | null): void {
  if (!sentAt) return;
  const maxFrequency = auth.config.maxFrequency;
  const since = (Date.now() - Date.parse(sentAt)) / 1000;
  if (since < maxFrequency) {
    const wait = Math.max(1, Math.ceil(maxFrequency - since));
    throw new AuthError(
      429,
      ErrorCode.overEmailSendRateLimit,
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
}

/** Finds and consumes an e-mail token; undefined when it is unknown, used or expired. */
export async function consumeToken(
  auth: Auth,
  tx: Queryable,
  kind: TokenKind,
  tokenHashes: string[],
): Promise<UserRow | undefined> {
  const k = TOKEN_KINDS[kind];
  const user = await loadUser(
    tx,
    `u.${k.column} = any($1::text[]) and u.${k.column} <> '' and u.${k.sentAt} + make_interval(secs => $2) > now()`,
    [tokenHashes, auth.config.otpExpiry],
  );
  if (!user) return undefined;
  // Opening any mailed link proves the address, as in GoTrue.
  await tx.query(
    `update auth.users set ${k.column} = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where id = $1`,
    [user.id],
  );
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [user.id, k.ott]);
  if (kind === 'signup') await markEmailVerified(tx, user.id);
  return (await loadUserById(tx, user.id)) ?? user;
}

/** Stores a new e-mail token and writes the mail to the outbox. */
export async function sendTokenMail(
  auth: Auth,
  user: UserRow,
  kind: TokenKind,
  redirectTo: string,
  pkce: PkceParams | undefined,
): Promise<void> {
  const k = TOKEN_KINDS[kind];
  const { otpLength } = auth.config;
  const email = (user.email ?? '').toLowerCase();
  const otp = String(randomInt(0, 10 ** otpLength)).padStart(otpLength, '0');
  const plainHash = tokenHashOf(email, otp);
  const tokenHash = pkce ? `pkce_${plainHash}` : plainHash;
  await auth.db.transaction(async (tx) => {
    await tx.query(`update auth.users set ${k.column} = $2, ${k.sentAt} = now() where id = $1`, [
      user.id,
      tokenHash,
    ]);
    await tx.query(
      `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
       values ($1, $2, $3, $4, $5, now(), now())
       on conflict (user_id, token_type) do update set token_hash = excluded.token_hash,
         relates_to = excluded.relates_to, created_at = now(), updated_at = now()`,
      [randomUUID(), user.id, k.ott, tokenHash, email],
    );
    if (pkce) {
      await tx.query(
        `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
           created_at, updated_at, authentication_method)
         values ($1, $2, $3, $4, $5, $6, now(), now(), $6)`,
        [randomUUID(), user.id, randomUUID(), pkce.method, pkce.challenge, k.method],
      );
    }
  });
  const link = `${auth.apiUrl()}/auth/v1/verify?token=${tokenHash}&type=${kind}&redirect_to=${encodeURIComponent(redirectTo)}`;
  auth.outbox.add({
    to: email,
    type: kind,
    link,
    token: otp,
    tokenHash,
    redirectTo,
    ...renderMail(kind, { confirmationUrl: link, token: otp }),
  });
}
