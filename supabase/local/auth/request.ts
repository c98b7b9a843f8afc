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
