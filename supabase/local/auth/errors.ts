import { json, type GatewayRequest, type Reply } from '../gateway/http';

/** The first API version whose error bodies carry `code` as a string (GoTrue's APIVersion2024_01_01). */
export const API_VERSION = '2024-01-01';

/**
 * GoTrue's error codes (internal/api/errorcodes.go) for the endpoints this server implements, in one
 * place so every module answers with the same spelling auth-js switches on.
 */
export const ErrorCode = {
  unexpectedFailure: 'unexpected_failure',
  validationFailed: 'validation_failed',
  badJson: 'bad_json',
  emailExists: 'email_exists',
  emailNotConfirmed: 'email_not_confirmed',
  userAlreadyExists: 'user_already_exists',
  userNotFound: 'user_not_found',
  userBanned: 'user_banned',
  invalidCredentials: 'invalid_credentials',
  weakPassword: 'weak_password',
  samePassword: 'same_password',
  signupDisabled: 'signup_disabled',
  anonymousProviderDisabled: 'anonymous_provider_disabled',
  noAuthorization: 'no_authorization',
  badJwt: 'bad_jwt',
  notAdmin: 'not_admin',
  sessionNotFound: 'session_not_found',
  sessionExpired: 'session_expired',
  refreshTokenNotFound: 'refresh_token_not_found',
  refreshTokenAlreadyUsed: 'refresh_token_already_used',
  flowStateNotFound: 'flow_state_not_found',
  flowStateExpired: 'flow_state_expired',
  badCodeVerifier: 'bad_code_verifier',
  otpExpired: 'otp_expired',
  overEmailSendRateLimit: 'over_email_send_rate_limit',
  overRequestRateLimit: 'over_request_rate_limit',
  notFound: 'not_found',
  mfaFactorNotFound: 'mfa_factor_not_found',
  mfaFactorNameConflict: 'mfa_factor_name_conflict',
  tooManyEnrolledMfaFactors: 'too_many_enrolled_mfa_factors',
  insufficientAal: 'insufficient_aal',
  mfaIpAddressMismatch: 'mfa_ip_address_mismatch',
  mfaChallengeExpired: 'mfa_challenge_expired',
  mfaVerificationFailed: 'mfa_verification_failed',
  mfaPhoneEnrollNotEnabled: 'mfa_phone_enroll_not_enabled',
  mfaWebAuthnEnrollNotEnabled: 'mfa_web_authn_enroll_not_enabled',
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCodeValue,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: ErrorCodeValue, message: string): AuthError =>
  new AuthError(400, code, message);
export const unprocessable = (code: ErrorCodeValue, message: string): AuthError =>
  new AuthError(422, code, message);
export const forbidden = (code: ErrorCodeValue, message: string): AuthError =>
  new AuthError(403, code, message);

/** Clients that send X-Supabase-Api-Version >= 2024-01-01 get the newer error body and the header back. */
export function wantsModernErrors(req: GatewayRequest): boolean {
  return (req.headers['x-supabase-api-version'] ?? '') >= API_VERSION;
}

export function errorReply(req: GatewayRequest, error: AuthError): Reply {
  const modern = wantsModernErrors(req);
  const headers: Record<string, string> = { 'x-sb-error-code': error.code };
  if (modern) headers['x-supabase-api-version'] = API_VERSION;
  const body = modern
    ? { code: error.code, error_code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  return json(error.status, body, headers);
}
