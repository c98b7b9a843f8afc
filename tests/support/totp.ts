import { Secret, TOTP } from 'otpauth';

/** The TOTP parameters GoTrue uses (and the local server): SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_S = 30;

export function totpFor(secret: string): TOTP {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

const stepAt = (ms: number): number => Math.floor(ms / 1000 / TOTP_PERIOD_S);

/** How long a code must stay inside the server's window after it is handed out. */
const SAFE_MARGIN_MS = 12_000;

/**
 * Codes for one authenticator as a careful app would hand them out: the server accepts the previous,
 * current and next step's code but never a step at or before one it already accepted (RFC 6238 §5.2),
 * so each call returns the next unused step's code (three at once for a fresh key, most of the time),
 * waiting for the clock only when even the next step was used already. Shared by every test that signs an admin in (one book per secret).
 */
export class TotpCodeBook {
  private lastStep = -Infinity;
  private readonly totp: TOTP;

  constructor(secret: string) {
    this.totp = totpFor(secret);
  }

  async next(): Promise<string> {
    const wanted = Math.max(stepAt(Date.now()) - 1, this.lastStep + 1);
    // Accepted while the server's current step is at least wanted - 1.
    const acceptableFrom = (wanted - 1) * TOTP_PERIOD_S * 1000;
    const wait = acceptableFrom - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
    // The previous step's code only while it stays good long enough for the request to arrive
    // (the server's window moves at the next boundary); otherwise never the step about to fall out.
    const now = Date.now();
    const msToBoundary = (stepAt(now) + 1) * TOTP_PERIOD_S * 1000 - now;
    const earliest = msToBoundary > SAFE_MARGIN_MS ? stepAt(now) - 1 : stepAt(now);
    const step = Math.max(wanted, earliest);
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * TOTP_PERIOD_S * 1000 });
  }
}

const books = new Map<string, TotpCodeBook>();

/** The next unused code for `secret` (one book per secret in this process). */
export function nextTotpCode(secret: string): Promise<string> {
  let book = books.get(secret);
  if (!book) books.set(secret, (book = new TotpCodeBook(secret)));
  return book.next();
}
