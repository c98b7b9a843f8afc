import type { AuthConfig } from '../config';
import { badRequest, ErrorCode, weakPassword } from './errors';
import type { PkceFields } from './request';

const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** The address trimmed and lower-cased, or GoTrue's validation error. */
export function validateEmail(email: unknown): string {
  if (typeof email !== 'string' || !EMAIL_RE.test(email.trim())) {
    throw badRequest(ErrorCode.validationFailed, 'Unable to validate email address: invalid format');
  }
  return email.trim().toLowerCase();
}

const CHARACTER_SETS: Record<string, string[]> = {
  letters_digits: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits: ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits_symbols: [
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789',
    '!@#$%^&*()_+-=[]{};\':"|<>?,./`~',
  ],
};

/** bcrypt's input limit, GoTrue's MaxPasswordLength. */
export const MAX_PASSWORD_BYTES = 72;

export interface PasswordWeakness {
  reasons: string[];
  message: string;
}

export function passwordWeakness(config: AuthConfig, password: string): PasswordWeakness | undefined {
  const reasons: string[] = [];
  const messages: string[] = [];
  // GoTrue measures in bytes (Go's len), as bcrypt does.
  if (Buffer.byteLength(password, 'utf8') < config.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${config.minimumPasswordLength} characters.`);
  }
  const sets = CHARACTER_SETS[config.passwordRequirements];
  if (sets && !sets.every((set) => [...password].some((ch) => set.includes(ch)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  return reasons.length ? { reasons, message: messages.join(' ') } : undefined;
}

export function checkPassword(config: AuthConfig, password: unknown, missingMessage: string): string {
  if (typeof password !== 'string' || password === '')
    throw badRequest(ErrorCode.validationFailed, missingMessage);
  // bcrypt ignores everything after 72 bytes, so a longer password would only seem to count.
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw badRequest(ErrorCode.validationFailed, 'Password cannot be longer than 72 characters');
  }
  const weak = passwordWeakness(config, password);
  if (weak) {
    throw weakPassword(weak.message, weak.reasons);
  }
  return password;
}

export interface PkceParams {
  challenge: string;
  method: string;
}

/** GoTrue's PKCE parameter checks; undefined for the implicit flow. */
export function checkPkceParams({
  codeChallenge: challenge,
  codeChallengeMethod: method,
}: PkceFields): PkceParams | undefined {
  const hasChallenge = challenge !== '';
  const hasMethod = method !== '';
  if (!hasChallenge && !hasMethod) return undefined;
  if (hasChallenge !== hasMethod) {
    throw badRequest(
      ErrorCode.validationFailed,
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  }
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) {
    throw badRequest(ErrorCode.validationFailed, 'code challenge has to be between 43 and 128 characters');
  }
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain') {
    throw badRequest(ErrorCode.validationFailed, 'code challenge method not supported');
  }
  return { challenge: challenge, method: m };
}

/** Go durations as GoTrue's ban_duration takes them ("24h", "1h30m", "500ms"); seconds. */
export function parseGoDuration(value: string): number {
  let total = 0;
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(m[1]) * ({ ms: 0.001, s: 1, m: 60, h: 3600 }[m[2] as 'ms' | 's' | 'm' | 'h'] ?? 1);
  }
  return total;
}
