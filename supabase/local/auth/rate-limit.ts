import type { RateLimitConfig } from '../config';
import type { GatewayRequest } from '../gateway/http';
import { ErrorCode, tooManyRequests } from './errors';

/** GoTrue's per-IP limiters (apilimiter.New); several share one configured rate but count apart. */
export type LimitName =
  | 'token'
  | 'verify'
  | 'signups'
  | 'recover'
  | 'resend'
  | 'magicLink'
  | 'otp'
  | 'user'
  | 'anonymousSignIns'
  | 'factorChallenge'
  | 'factorVerify';

/** tollbooth's burst for every GoTrue request limiter except anonymous sign-ins. */
const BURST = 30;
const FIVE_MINUTES_S = 300;
const ONE_HOUR_S = 3600;
/** GoTrue's MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY default: 15 a minute (not a config.toml setting). */
const MFA_PER_MINUTE = 15;
/** tollbooth forgets an idle client after its TTL (an hour for every limiter used here). */
const IDLE_TTL_MS = 3_600_000;

interface Rate {
  perSecond: number;
  burst: number;
}

const RATES: Record<LimitName, (c: RateLimitConfig) => Rate> = {
  token: (c) => ({ perSecond: c.tokenRefresh / FIVE_MINUTES_S, burst: BURST }),
  verify: (c) => ({ perSecond: c.tokenVerifications / FIVE_MINUTES_S, burst: BURST }),
  signups: (c) => ({ perSecond: c.signInSignUps / FIVE_MINUTES_S, burst: BURST }),
  recover: (c) => ({ perSecond: c.signInSignUps / FIVE_MINUTES_S, burst: BURST }),
  resend: (c) => ({ perSecond: c.signInSignUps / FIVE_MINUTES_S, burst: BURST }),
  magicLink: (c) => ({ perSecond: c.signInSignUps / FIVE_MINUTES_S, burst: BURST }),
  otp: (c) => ({ perSecond: c.signInSignUps / FIVE_MINUTES_S, burst: BURST }),
  user: (c) => ({ perSecond: c.signInSignUps / FIVE_MINUTES_S, burst: BURST }),
  anonymousSignIns: (c) => ({ perSecond: c.anonymousUsers / ONE_HOUR_S, burst: c.anonymousUsers }),
  factorChallenge: () => ({ perSecond: MFA_PER_MINUTE / 60, burst: BURST }),
  factorVerify: () => ({ perSecond: MFA_PER_MINUTE / 60, burst: BURST }),
};

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** A token bucket per client key, refilled continuously (tollbooth's golang.org/x/time/rate). */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();

  /** True when the request may go ahead (and uses up one token). */
  take(key: string, rate: Rate, now = Date.now()): boolean {
    if (this.buckets.size > 10_000) this.forgetIdle(now);
    const bucket = this.buckets.get(key) ?? { tokens: rate.burst, updatedAt: now };
    const refilled = Math.min(rate.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * rate.perSecond);
    const allowed = refilled >= 1;
    this.buckets.set(key, { tokens: allowed ? refilled - 1 : refilled, updatedAt: now });
    return allowed;
  }

  private forgetIdle(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.updatedAt > IDLE_TTL_MS) this.buckets.delete(key);
    }
  }
}

/** GoTrue's IntervalLimiter for e-mails: so many per hour for the whole server, counted per window. */
export class IntervalLimiter {
  private windowStart = 0;
  private count = 0;

  allow(eventsPerHour: number, now = Date.now()): boolean {
    if (eventsPerHour <= 0) return false;
    if (now - this.windowStart >= ONE_HOUR_S * 1000) {
      this.windowStart = now;
      this.count = 0;
    }
    if (this.count >= eventsPerHour) return false;
    this.count++;
    return true;
  }
}

/** The client address GoTrue keys its limiters by; locally the socket's peer (no proxy in front). */
export function clientAddress(req: GatewayRequest): string {
  return req.raw.socket.remoteAddress ?? 'unknown';
}

export class AuthRateLimits {
  private readonly limiters = new Map<LimitName, TokenBucketLimiter>();
  private readonly email = new IntervalLimiter();

  constructor(
    private readonly config: () => RateLimitConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Throws GoTrue's 429 over_request_rate_limit when this client is over the named limit. `scope`
   * narrows the count further (the MFA limits count per address and factor; see supabase/local/README.md).
   */
  check(name: LimitName, req: GatewayRequest, scope = ''): void {
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = new TokenBucketLimiter();
      this.limiters.set(name, limiter);
    }
    if (
      !limiter.take(
        scope ? `${clientAddress(req)} ${scope}` : clientAddress(req),
        RATES[name](this.config()),
        this.now(),
      )
    ) {
      throw tooManyRequests(ErrorCode.overRequestRateLimit, 'Request rate limit reached');
    }
  }

  /** Throws GoTrue's 429 over_email_send_rate_limit when the hourly mail budget is spent. */
  checkEmailSend(): void {
    if (!this.email.allow(this.config().emailSent, this.now())) {
      throw tooManyRequests(ErrorCode.overEmailSendRateLimit, 'email rate limit exceeded');
    }
  }
}
