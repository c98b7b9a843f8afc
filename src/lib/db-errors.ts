/**
 * Errors from database calls, for members and admins alike. The database writes its messages for
 * the person using the app (docs/data-contract.md, "Errors"), so the UI shows `message` as is;
 * `code` lets a caller react to a specific refusal (PT409: stale version) without parsing text.
 */
export class DbError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'DbError';
    this.code = code;
  }
}

export const STALE_VERSION = 'PT409';
export const NOT_ALLOWED = '42501';
/** The database's hint when an admin's session is still at aal1 (no authenticator code yet). */
export const SECOND_FACTOR_REQUIRED = 'aal2_required';
/** The database's hint when a deposit wallet would be turned on with a burn or placeholder address. */
export const PLACEHOLDER_ADDRESS = 'placeholder_address';

interface PostgrestLikeError {
  message?: string;
  code?: string;
  hint?: string | null;
}

/** Turns a supabase-js error object into a DbError carrying the database's own message. */
export function toDbError(error: PostgrestLikeError, fallback: string): DbError {
  const code = error.code || undefined;
  if (error.hint === SECOND_FACTOR_REQUIRED) {
    return new DbError(
      error.message?.trim() || 'Admin actions need your authenticator code.',
      SECOND_FACTOR_REQUIRED,
    );
  }
  if (error.hint === PLACEHOLDER_ADDRESS) {
    return new DbError(error.message?.trim() ?? '', PLACEHOLDER_ADDRESS);
  }
  if (code === NOT_ALLOWED) {
    return new DbError(error.message?.trim() || 'You do not have admin access.', code);
  }
  // Network failures reach supabase-js as a TypeError message ("Failed to fetch"); say what failed instead.
  const message = error.message?.trim();
  if (!message || /failed to fetch|fetch failed|network/i.test(message)) {
    return new DbError(`${fallback} Check your connection and try again.`, code);
  }
  return new DbError(message, code);
}

/** The session dropped back to aal1 (e.g. a new device): the admin belongs at the code prompt. */
export function needsSecondFactor(error: unknown): boolean {
  return error instanceof DbError && error.code === SECOND_FACTOR_REQUIRED;
}

/** The address is a known burn or placeholder value: the address field is what must change. */
export function isPlaceholderAddress(error: unknown): boolean {
  return error instanceof DbError && error.code === PLACEHOLDER_ADDRESS;
}

export function isStale(error: unknown): boolean {
  return error instanceof DbError && error.code === STALE_VERSION;
}

/** The text to show for any thrown value: its own message, else what failed. */
/**
 * A failure as a page in `locale` says it: the server's own sentence on an English page (errorText),
 * and the page's `fallback`, in its language, anywhere else: a server's English never reaches a
 * Chinese or Arabic page.
 */
export function errorTextIn(locale: string, error: unknown, fallback: string): string {
  return locale === 'en' ? errorText(error, fallback) : fallback;
}

export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
