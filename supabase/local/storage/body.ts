import { storageError } from './errors';

/**
 * The JSON bodies of storage's routes, checked as its fastify schemas check them: a request that
 * does not fit answers 400 InvalidRequest with ajv's wording ("body must have required property
 * 'expiresIn'", "body/expiresIn must be >= 1"). Like fastify's ajv (coerceTypes), a number may come
 * as a numeric string.
 */
export type JsonObject = Record<string, unknown>;

export function jsonBody(text: string): JsonObject {
  let value: unknown;
  try {
    value = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    throw storageError.validation("Body is not valid JSON but content-type is set to 'application/json'");
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw storageError.validation('body must be object');
  }
  return value as JsonObject;
}

function required(body: JsonObject, name: string): unknown {
  if (body[name] === undefined) throw storageError.validation(`body must have required property '${name}'`);
  return body[name];
}

function toInteger(value: unknown, path: string, minimum: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw storageError.validation(`${path} must be integer`);
  if (n < minimum) throw storageError.validation(`${path} must be >= ${minimum}`);
  return n;
}

export function requiredInteger(body: JsonObject, name: string, minimum: number): number {
  return toInteger(required(body, name), `body/${name}`, minimum);
}

export function optionalInteger(body: JsonObject, name: string, minimum: number): number | undefined {
  return body[name] === undefined ? undefined : toInteger(body[name], `body/${name}`, minimum);
}

export function requiredString(body: JsonObject, name: string): string {
  const value = required(body, name);
  if (typeof value !== 'string') throw storageError.validation(`body/${name} must be string`);
  return value;
}

export function optionalString(body: JsonObject, name: string): string | undefined {
  const value = body[name];
  if (value !== undefined && typeof value !== 'string') {
    throw storageError.validation(`body/${name} must be string`);
  }
  return value;
}

export function optionalBoolean(body: JsonObject, name: string): boolean | undefined {
  const value = body[name];
  if (value !== undefined && typeof value !== 'boolean') {
    throw storageError.validation(`body/${name} must be boolean`);
  }
  return value;
}

export function requiredStrings(
  body: JsonObject,
  name: string,
  limits: { minItems: number; maxItems?: number },
): string[] {
  const value = required(body, name);
  if (!Array.isArray(value)) throw storageError.validation(`body/${name} must be array`);
  if (value.length < limits.minItems) {
    throw storageError.validation(`body/${name} must NOT have fewer than ${limits.minItems} items`);
  }
  if (limits.maxItems !== undefined && value.length > limits.maxItems) {
    throw storageError.validation(`body/${name} must NOT have more than ${limits.maxItems} items`);
  }
  value.forEach((item, i) => {
    if (typeof item !== 'string') throw storageError.validation(`body/${name}/${i} must be string`);
  });
  return value as string[];
}

/** A value that must be one of `allowed` when present. */
export function optionalEnum<T extends string>(
  value: unknown,
  path: string,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw storageError.validation(`${path} must be equal to one of the allowed values`);
  }
  return value as T;
}
