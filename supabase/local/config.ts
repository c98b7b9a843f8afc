import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'smol-toml';

/**
 * The parts of supabase/config.toml the local server honours, with the Supabase CLI's defaults for
 * anything the file leaves out, so a project behaves the same under `supabase start`.
 */
export interface AuthConfig {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  enableSignup: boolean;
  enableRefreshTokenRotation: boolean;
  /** Seconds during which a just-revoked refresh token may still be swapped. */
  refreshTokenReuseInterval: number;
  minimumPasswordLength: number;
  /** '', 'letters_digits', 'lower_upper_letters_digits' or 'lower_upper_letters_digits_symbols'. */
  passwordRequirements: string;
  emailEnableSignup: boolean;
  enableConfirmations: boolean;
  /** Seconds between two mails to the same address. */
  maxFrequency: number;
  otpLength: number;
  /** Seconds an e-mail link or code stays valid. */
  otpExpiry: number;
  /** `[auth.email] double_confirm_changes`: an address change needs both the old and new address. */
  doubleConfirmChanges: boolean;
  /** `[auth.email] secure_password_change`: a password change needs a recent sign-in or a nonce. */
  securePasswordChange: boolean;
  /** `enable_anonymous_sign_ins` */
  enableAnonymousSignIns: boolean;
  /** `enable_manual_linking`: linkIdentity()/unlinkIdentity(). */
  enableManualLinking: boolean;
  rateLimit: RateLimitConfig;
  /** `[auth.email.template.*]`: the mails with a link or a code; unset ones get GoTrue's stock text. */
  templates: Record<TemplateKind, TemplateConfig>;
  /** `[auth.email.notification.*]`: GoTrue's security e-mails (2.180+), each off unless enabled. */
  notifications: Record<NotificationKind, NotificationConfig>;
}

/** GoTrue's mails that carry a link or a code, by their config.toml (and GoTrue template) names. */
export const TEMPLATE_KINDS = [
  'invite',
  'confirmation',
  'recovery',
  'magic_link',
  'email_change',
  'reauthentication',
] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/**
 * GoTrue's security notifications (config.toml names). The local server has no phone sign-in and no
 * OAuth provider, so it never has a reason to send phone_changed or identity_linked; it reads them
 * all the same, as `supabase start` passes them on.
 */
export const NOTIFICATION_KINDS = [
  'password_changed',
  'email_changed',
  'phone_changed',
  'identity_linked',
  'identity_unlinked',
  'mfa_factor_enrolled',
  'mfa_factor_unenrolled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface TemplateConfig {
  /** Undefined: GoTrue's default subject. */
  subject?: string;
  /** The template read from content_path; undefined: GoTrue's default body. */
  content?: string;
}

export interface NotificationConfig extends TemplateConfig {
  enabled: boolean;
}

/**
 * `[auth.rate_limit]` as the Supabase CLI reads it and hands it to GoTrue: requests per 5 minutes
 * per client IP (token_refresh: every /token grant; sign_in_sign_ups: signup, recover, resend, otp,
 * magic links and user updates; token_verifications: /verify), anonymous sign-ins per hour per IP,
 * and e-mails per hour for the whole server.
 */
export interface RateLimitConfig {
  emailSent: number;
  anonymousUsers: number;
  tokenRefresh: number;
  signInSignUps: number;
  tokenVerifications: number;
}

/** Limits high enough for test suites that sign many users up and in from one address. */
export const RELAXED_RATE_LIMITS: RateLimitConfig = {
  emailSent: 100_000,
  anonymousUsers: 100_000,
  tokenRefresh: 100_000,
  signInSignUps: 100_000,
  tokenVerifications: 100_000,
};

export interface ApiConfig {
  schemas: string[];
  extraSearchPath: string[];
  maxRows: number;
}

export interface ProjectConfig {
  api: ApiConfig;
  auth: AuthConfig;
}

export const DEFAULT_CONFIG: ProjectConfig = {
  api: { schemas: ['public', 'graphql_public'], extraSearchPath: ['public', 'extensions'], maxRows: 1000 },
  auth: {
    siteUrl: 'http://127.0.0.1:3000',
    additionalRedirectUrls: ['https://127.0.0.1:3000'],
    jwtExpiry: 3600,
    enableSignup: true,
    enableRefreshTokenRotation: true,
    refreshTokenReuseInterval: 10,
    minimumPasswordLength: 6,
    passwordRequirements: '',
    emailEnableSignup: true,
    enableConfirmations: false,
    maxFrequency: 1,
    otpLength: 6,
    otpExpiry: 3600,
    doubleConfirmChanges: true,
    securePasswordChange: false,
    enableAnonymousSignIns: false,
    enableManualLinking: false,
    // GoTrue's own defaults (GOTRUE_RATE_LIMIT_*).
    rateLimit: {
      emailSent: 30,
      anonymousUsers: 30,
      tokenRefresh: 150,
      signInSignUps: 30,
      tokenVerifications: 30,
    },
    templates: {
      invite: {},
      confirmation: {},
      recovery: {},
      magic_link: {},
      email_change: {},
      reauthentication: {},
    },
    notifications: {
      password_changed: { enabled: false },
      email_changed: { enabled: false },
      phone_changed: { enabled: false },
      identity_linked: { enabled: false },
      identity_unlinked: { enabled: false },
      mfa_factor_enrolled: { enabled: false },
      mfa_factor_unenrolled: { enabled: false },
    },
  },
};

/** Go-style durations as the CLI accepts them ("1s", "1m30s", "500ms"); plain numbers are seconds. */
export function parseDuration(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return fallback;
  const units: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };
  let total = 0;
  let matched = '';
  for (const m of value.trim().matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(m[1]) * (units[m[2] ?? 's'] ?? 1);
    matched += m[0];
  }
  if (matched !== value.trim()) return fallback;
  return total;
}

type Table = Record<string, unknown>;
const table = (value: unknown): Table =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {};
/** The CLI lets any string be `env(NAME)`; an unset variable falls back to the default. */
function envValue(value: unknown): unknown {
  if (typeof value === 'string') {
    const m = /^env\((\w+)\)$/.exec(value.trim());
    if (m) return process.env[m[1] as string];
  }
  if (Array.isArray(value)) return value.map(envValue).filter((v) => v !== undefined);
  return value;
}
const str = (value: unknown, fallback: string): string => {
  const v = envValue(value);
  return typeof v === 'string' ? v : fallback;
};
const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
const strList = (value: unknown, fallback: string[]): string[] => {
  const v = envValue(value);
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : fallback;
};

/**
 * A template's content_path, as the CLI reads it: relative to the project root (the folder holding
 * supabase/), else to the supabase folder itself. A missing file leaves GoTrue's default body.
 */
function templateContent(projectDir: string, path: unknown): string | undefined {
  if (typeof path !== 'string' || path === '') return undefined;
  for (const base of [dirname(projectDir), projectDir]) {
    const file = join(base, path);
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  return undefined;
}

/** One `[auth.email.template.<kind>]` or notification table: its subject and its file's text. */
function templateOf(projectDir: string, t: Table): TemplateConfig {
  const subject = envValue(t['subject']);
  const content = templateContent(projectDir, envValue(t['content_path']));
  return {
    ...(typeof subject === 'string' && subject !== '' ? { subject } : {}),
    ...(content === undefined ? {} : { content }),
  };
}

function templatesOf(projectDir: string, section: Table): AuthConfig['templates'] {
  const entries = TEMPLATE_KINDS.map((kind) => [kind, templateOf(projectDir, table(section[kind]))] as const);
  return Object.fromEntries(entries) as AuthConfig['templates'];
}

function notificationsOf(projectDir: string, section: Table): AuthConfig['notifications'] {
  const entries = NOTIFICATION_KINDS.map((kind) => {
    const t = table(section[kind]);
    return [kind, { enabled: bool(t['enabled'], false), ...templateOf(projectDir, t) }] as const;
  });
  return Object.fromEntries(entries) as AuthConfig['notifications'];
}

export function loadProjectConfig(
  projectDir: string,
  authOverrides: Partial<AuthConfig> = {},
): ProjectConfig {
  const file = join(projectDir, 'config.toml');
  const doc: Table = existsSync(file) ? (parse(readFileSync(file, 'utf8')) as Table) : {};
  const api = table(doc['api']);
  const auth = table(doc['auth']);
  const email = table(auth['email']);
  const rateLimit = table(auth['rate_limit']);
  const d = DEFAULT_CONFIG;
  const limits = d.auth.rateLimit;
  return {
    api: {
      schemas: strList(api['schemas'], d.api.schemas),
      extraSearchPath: strList(api['extra_search_path'], d.api.extraSearchPath),
      maxRows: num(api['max_rows'], d.api.maxRows),
    },
    auth: {
      siteUrl: str(auth['site_url'], d.auth.siteUrl),
      additionalRedirectUrls: strList(auth['additional_redirect_urls'], d.auth.additionalRedirectUrls),
      jwtExpiry: num(auth['jwt_expiry'], d.auth.jwtExpiry),
      enableSignup: bool(auth['enable_signup'], d.auth.enableSignup),
      enableRefreshTokenRotation: bool(
        auth['enable_refresh_token_rotation'],
        d.auth.enableRefreshTokenRotation,
      ),
      refreshTokenReuseInterval: num(auth['refresh_token_reuse_interval'], d.auth.refreshTokenReuseInterval),
      minimumPasswordLength: num(auth['minimum_password_length'], d.auth.minimumPasswordLength),
      passwordRequirements: str(auth['password_requirements'], d.auth.passwordRequirements),
      emailEnableSignup: bool(email['enable_signup'], d.auth.emailEnableSignup),
      enableConfirmations: bool(email['enable_confirmations'], d.auth.enableConfirmations),
      maxFrequency: parseDuration(email['max_frequency'], d.auth.maxFrequency),
      otpLength: num(email['otp_length'], d.auth.otpLength),
      otpExpiry: num(email['otp_expiry'], d.auth.otpExpiry),
      doubleConfirmChanges: bool(email['double_confirm_changes'], d.auth.doubleConfirmChanges),
      securePasswordChange: bool(email['secure_password_change'], d.auth.securePasswordChange),
      enableAnonymousSignIns: bool(auth['enable_anonymous_sign_ins'], d.auth.enableAnonymousSignIns),
      enableManualLinking: bool(auth['enable_manual_linking'], d.auth.enableManualLinking),
      rateLimit: {
        emailSent: num(rateLimit['email_sent'], limits.emailSent),
        anonymousUsers: num(rateLimit['anonymous_users'], limits.anonymousUsers),
        tokenRefresh: num(rateLimit['token_refresh'], limits.tokenRefresh),
        signInSignUps: num(rateLimit['sign_in_sign_ups'], limits.signInSignUps),
        tokenVerifications: num(rateLimit['token_verifications'], limits.tokenVerifications),
      },
      templates: templatesOf(projectDir, table(email['template'])),
      notifications: notificationsOf(projectDir, table(email['notification'])),
      ...authOverrides,
    },
  };
}
