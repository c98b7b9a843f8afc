import { isAdmin } from './auth-session';
import { supabase } from './supabase';
import {
  MFA_CHECK_FAILED,
  memberSecondFactorStep,
  secondFactorStep,
  type SecondFactorStep,
} from './mfa-step';

/**
 * The second factor (TOTP) through supabase-js's `mfa` API: required for admins, optional for members
 * (issue 23). The database is what requires it: every admin function and admin-only read needs a
 * session at aal2 (`aal` in the JWT), and so does every member function and own-row read once the
 * member has a verified factor. Each function throws an Error whose message is the text to show.
 */

export const MFA_MESSAGES = {
  wrongCode: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  codeFormat: 'Enter the 6 digits from your authenticator app.',
  tooManyTries: 'Too many tries. Wait a minute, then enter the newest code.',
  failed: MFA_CHECK_FAILED,
  enrolFailed: 'Could not start setting up your authenticator. Please try again.',
  listFailed: 'Could not load your authenticators. Please reload the page.',
  removeNeedsCode: 'Enter a code from your authenticator app first: removing one needs it.',
  removeFailed: 'Could not remove the authenticator. Please try again.',
} as const;

/**
 * For a page opened with a session already there: the step an admin signed in at aal1 still owes
 * (a new device, or sent back by an admin page), or null when nobody is signed in or nothing is owed.
 */
export async function pendingSecondFactor(): Promise<Exclude<SecondFactorStep, { step: 'done' }> | null> {
  const { data } = await supabase().auth.getSession();
  if (!data.session || !(await isAdmin())) return null;
  const next = await secondFactorStep();
  return next.step === 'done' ? null : next;
}

/** The same for /login: a member (or anyone) signed in at aal1 who has an authenticator. */
export async function pendingMemberSecondFactor(): Promise<{ step: 'challenge'; factorId: string } | null> {
  const { data } = await supabase().auth.getSession();
  if (!data.session) return null;
  const next = await memberSecondFactorStep();
  return next.step === 'challenge' ? next : null;
}

export interface Enrolment {
  factorId: string;
  /** data:image/svg+xml URI of the QR code for an authenticator app, safe for an <img> (qrImageSource). */
  qrCode: string;
  /** The base32 key, for typing into an app by hand. */
  secret: string;
}

const BASE_NAME = 'Authenticator app';

/** GoTrue refuses a second factor with the same friendly name: the first free "Authenticator app n". */
export function freeFactorName(taken: readonly string[]): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? BASE_NAME : `${BASE_NAME} ${n}`;
    if (!taken.includes(name)) return name;
  }
}

/** Starts a TOTP enrolment; a half-finished earlier one (never verified) is dropped first. */
export async function startEnrolment(): Promise<Enrolment> {
  const mfa = supabase().auth.mfa;
  const factors = await mfa.listFactors();
  if (factors.error) throw new Error(MFA_MESSAGES.enrolFailed);
  for (const stale of factors.data.all.filter((f) => f.status === 'unverified')) {
    await mfa.unenroll({ factorId: stale.id });
  }
  const taken = factors.data.all.filter((f) => f.status === 'verified').map((f) => f.friendly_name ?? '');
  const { data, error } = await mfa.enroll({ factorType: 'totp', friendlyName: freeFactorName(taken) });
  if (error) throw new Error(MFA_MESSAGES.enrolFailed);
  return { factorId: data.id, qrCode: qrImageSource(data.totp.qr_code), secret: data.totp.secret };
}

const SVG_DATA = /^data:image\/svg\+xml[^,]*,/i;

/**
 * The enrolment QR code as an <img> source that renders whatever GoTrue and auth-js hand over.
 * GoTrue sends a bare SVG and auth-js prefixes it with `data:image/svg+xml;utf-8,` without escaping
 * it, so a `#` (its SVG writes colours in hex) would end the URI and break the picture. The SVG is taken
 * out again (from that URI, an escaped one, or bare), given a viewBox when it has only a width and
 * height (GoTrue's has none, so it would not scale to the box), and escaped properly. A base64 URI
 * is left as it is.
 */
export function qrImageSource(qrCode: string): string {
  const prefix = SVG_DATA.exec(qrCode)?.[0];
  if (prefix && /;base64,$/i.test(prefix)) return qrCode;
  let svg = prefix ? qrCode.slice(prefix.length) : qrCode;
  if (!svg.trimStart().startsWith('<')) {
    try {
      svg = decodeURIComponent(svg);
    } catch {
      // Not escaped after all: keep the text as it came.
    }
  }
  svg = svg.replace(/<svg\b[^>]*>/i, (tag) => {
    if (/\sviewBox=/i.test(tag)) return tag;
    const width = /\swidth="(\d+(?:\.\d+)?)"/i.exec(tag)?.[1];
    const height = /\sheight="(\d+(?:\.\d+)?)"/i.exec(tag)?.[1];
    return width && height ? tag.replace(/^<svg\b/i, `<svg viewBox="0 0 ${width} ${height}"`) : tag;
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Checks a code; on success the session is aal2 (supabase-js stores the new tokens). */
export async function verifyCode(factorId: string, code: string): Promise<void> {
  const digits = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(digits)) throw new Error(MFA_MESSAGES.codeFormat);
  const { error } = await supabase().auth.mfa.challengeAndVerify({ factorId, code: digits });
  if (!error) return;
  if (error.code === 'mfa_verification_failed') throw new Error(MFA_MESSAGES.wrongCode);
  if (error.status === 429) throw new Error(MFA_MESSAGES.tooManyTries);
  throw new Error(MFA_MESSAGES.failed);
}

/** The key in groups of four, as authenticator apps show it for typing by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** One verified authenticator, as the member's security page lists it. */
export interface Authenticator {
  id: string;
  name: string;
  addedAt: string;
}

/** The caller's verified authenticators, oldest first. */
export async function listAuthenticators(): Promise<Authenticator[]> {
  const { data, error } = await supabase().auth.mfa.listFactors();
  if (error) throw new Error(MFA_MESSAGES.listFailed);
  return data.totp.map((f) => ({ id: f.id, name: f.friendly_name || BASE_NAME, addedAt: f.created_at }));
}

/** Drops an enrolment that was started but never confirmed with a code (the person cancelled). */
export async function cancelEnrolment(factorId: string): Promise<void> {
  await supabase().auth.mfa.unenroll({ factorId });
}

/**
 * Removes an authenticator after a fresh code from it (or from another one) raised the session to
 * aal2: GoTrue refuses a verified factor's removal below aal2, and asking again proves the person at
 * the keyboard holds a device, not just an open session.
 */
export async function removeAuthenticator(factorId: string, code: string): Promise<void> {
  await verifyCode(factorId, code);
  const { error } = await supabase().auth.mfa.unenroll({ factorId });
  if (!error) {
    // GoTrue lowered the session the factor had raised: take the tokens that say so.
    await supabase().auth.refreshSession();
    return;
  }
  if (error.code === 'insufficient_aal') throw new Error(MFA_MESSAGES.removeNeedsCode);
  throw new Error(MFA_MESSAGES.removeFailed);
}
