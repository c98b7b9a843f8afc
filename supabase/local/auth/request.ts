import type { GatewayRequest } from '../gateway/http';
import { badRequest, ErrorCode } from './errors';

export type JsonObject = Record<string, unknown>;

/** The JSON object body every POST/PUT endpoint takes; anything else is GoTrue's bad_json. */
export function parseBody(req: GatewayRequest): JsonObject {
  if (!req.body.trim()) return {};
  try {
    const value: unknown = JSON.parse(req.body);
    if (isObject(value)) return value;
  } catch {
    // fall through to the error below
  }
  throw badRequest(ErrorCode.badJson, 'Could not parse request body as JSON');
}

/** A string field as sent, or '' when it is absent or no string (the zero value GoTrue decodes to). */
export function stringField(body: JsonObject, key: string): string {
  const value = body[key];
  return typeof value === 'string' ? value : '';
}

/** The PKCE pair as sent; `checkPkceParams` checks it where GoTrue's endpoint does. */
export interface PkceFields {
  codeChallenge: string;
  codeChallengeMethod: string;
}

export function pkceFields(body: JsonObject): PkceFields {
  return {
    codeChallenge: stringField(body, 'code_challenge'),
    codeChallengeMethod: stringField(body, 'code_challenge_method'),
  };
}

/** What the endpoints that mail a link read alike: the address or phone as sent, PKCE and redirect. */
export interface MailRequestFields {
  /** As sent, or ''; each endpoint validates it where GoTrue does. */
  email: string;
  phone: string;
  pkce: PkceFields;
  redirectTo: string;
}

export function mailRequestFields(body: JsonObject): MailRequestFields {
  return {
    email: stringField(body, 'email'),
    phone: stringField(body, 'phone'),
    pkce: pkceFields(body),
    redirectTo: stringField(body, 'redirect_to'),
  };
}

/** What the endpoints that may create a user (sign-up, OTP, magic link) also read: the user's `data`. */
export interface NewUserFields extends MailRequestFields {
  data: JsonObject;
}

export function newUserFields(body: JsonObject): NewUserFields {
  return { data: metadataField(body, 'data'), ...mailRequestFields(body) };
}

export function isObject(value: unknown): value is JsonObject {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A metadata field (`data`, `user_metadata`, `app_metadata`): an object, or absent/null for none.
 * Anything else fails to decode into GoTrue's map, which it reports as bad_json.
 */
export function metadataField(body: JsonObject, key: string): JsonObject {
  const value = body[key];
  if (value === undefined || value === null) return {};
  if (isObject(value)) return value;
  throw badRequest(
    ErrorCode.badJson,
    `Could not parse request body as JSON: json: cannot unmarshal ${goTypeName(value)} into Go struct field of type map[string]interface {}`,
  );
}

function goTypeName(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return typeof value === 'string' ? 'string' : typeof value === 'boolean' ? 'bool' : 'number';
}
