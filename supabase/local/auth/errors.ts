import { json, type GatewayRequest, type Reply } from '../gateway/http';

/** The first API version whose error bodies carry `code` as a string (GoTrue's APIVersion2024_01_01). */
export const API_VERSION = '2024-01-01';

/**
 * GoTrue's error codes (internal/api/apierrors/errorcode.go) except the third-party provider ones, in
 * one place so every module answers with the same spelling auth-js switches on.
 */
export const ErrorCode = {
  unexpectedFailure: 'unexpected_failure',
  validationFailed: 'validation_failed',
  badJson: 'bad_json',
  emailExists: 'email_exists',
  phoneExists: 'phone_exists',
  badJwt: 'bad_jwt',
  notAdmin: 'not_admin',
  noAuthorization: 'no_authorization',
  userNotFound: 'user_not_found',
  sessionNotFound: 'session_not_found',
  sessionExpired: 'session_expired',
  refreshTokenNotFound: 'refresh_token_not_found',
  refreshTokenAlreadyUsed: 'refresh_token_already_used',
  flowStateNotFound: 'flow_state_not_found',
  flowStateExpired: 'flow_state_expired',
  signupDisabled: 'signup_disabled',
  userBanned: 'user_banned',
  inviteNotFound: 'invite_not_found',
  emailProviderDisabled: 'email_provider_disabled',
  phoneProviderDisabled: 'phone_provider_disabled',
  tooManyEnrolledMfaFactors: 'too_many_enrolled_mfa_factors',
  mfaFactorNameConflict: 'mfa_factor_name_conflict',
  mfaFactorNotFound: 'mfa_factor_not_found',
  mfaIpAddressMismatch: 'mfa_ip_address_mismatch',
  mfaChallengeExpired: 'mfa_challenge_expired',
  mfaVerificationFailed: 'mfa_verification_failed',
  mfaVerificationRejected: 'mfa_verification_rejected',
  insufficientAal: 'insufficient_aal',
  emailNotConfirmed: 'email_not_confirmed',
  phoneNotConfirmed: 'phone_not_confirmed',
  userAlreadyExists: 'user_already_exists',
  conflict: 'conflict',
  providerDisabled: 'provider_disabled',
  reauthenticationNeeded: 'reauthentication_needed',
  samePassword: 'same_password',
  reauthenticationNotValid: 'reauthentication_not_valid',
  currentPasswordInvalid: 'current_password_invalid',
  currentPasswordRequired: 'current_password_required',
  otpExpired: 'otp_expired',
  otpDisabled: 'otp_disabled',
  identityNotFound: 'identity_not_found',
  weakPassword: 'weak_password',
  overRequestRateLimit: 'over_request_rate_limit',
  overEmailSendRateLimit: 'over_email_send_rate_limit',
  badCodeVerifier: 'bad_code_verifier',
  anonymousProviderDisabled: 'anonymous_provider_disabled',
  mfaTotpEnrollNotEnabled: 'mfa_totp_enroll_not_enabled',
  mfaTotpVerifyNotEnabled: 'mfa_totp_verify_not_enabled',
  mfaVerifiedFactorExists: 'mfa_verified_factor_exists',
  invalidCredentials: 'invalid_credentials',
  emailAddressNotAuthorized: 'email_address_not_authorized',
  emailAddressInvalid: 'email_address_invalid',
  requestTimeout: 'request_timeout',
  requestEntityTooLarge: 'request_entity_too_large',
  web3ProviderDisabled: 'web3_provider_disabled',
  samlProviderDisabled: 'saml_provider_disabled',
  manualLinkingDisabled: 'manual_linking_disabled',
  singleIdentityNotDeletable: 'single_identity_not_deletable',
  notFound: 'not_found',
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
export const tooManyRequests = (code: ErrorCodeValue, message: string): AuthError =>
  new AuthError(429, code, message);
export const forbidden = (code: ErrorCodeValue, message: string): AuthError =>
  new AuthError(403, code, message);

export const payloadTooLarge = (code: ErrorCodeValue, message: string): AuthError =>
  new AuthError(413, code, message);
export const internalError = (code: ErrorCodeValue, message: string): AuthError =>
  new AuthError(500, code, message);
export const unauthorized = (code: ErrorCodeValue, message: string): AuthError =>
  new AuthError(401, code, message);
export const notFoundError = (code: ErrorCodeValue, message: string): AuthError =>
  new AuthError(404, code, message);

/** GoTrue's 422 weak_password, naming the rules the password broke so auth-js can list them. */
export const weakPassword = (message: string, reasons: string[]): AuthError =>
  new AuthError(422, ErrorCode.weakPassword, message, { weak_password: { reasons } });

/** No route for this method and path. */
export const notFound = (req: GatewayRequest): AuthError =>
  notFoundError(ErrorCode.notFound, `Not found: ${req.method} ${req.path}`);
/** A path parameter that is no UUID (GoTrue's loadUser/loadFactor/unlink say it this way). */
export const notAUuid = (param: 'user_id' | 'factor_id' | 'identity_id'): AuthError =>
  notFoundError(ErrorCode.validationFailed, `${param} must be an UUID`);
export const userNotFound = (): AuthError => notFoundError(ErrorCode.userNotFound, 'User not found');
export const factorNotFound = (): AuthError => notFoundError(ErrorCode.mfaFactorNotFound, 'Factor not found');
export const noSession = (): AuthError =>
  unauthorized(ErrorCode.noAuthorization, 'This endpoint requires a valid session');

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
