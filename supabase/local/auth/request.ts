import type { GatewayRequest } from '../gateway/http';
import { AuthError, ErrorCode } from './errors';

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
  throw new AuthError(400, ErrorCode.badJson, 'Could not parse request body as JSON');
}

export function isObject(value: unknown): value is JsonObject {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** `redirect_to` from the query string (auth-js) or, for older clients, from the body. */
export function requestedRedirect(req: GatewayRequest, body: JsonObject = {}): string | undefined {
  const fromQuery = req.query.get('redirect_to');
  if (fromQuery) return fromQuery;
  return typeof body['redirect_to'] === 'string' ? body['redirect_to'] : undefined;
}
