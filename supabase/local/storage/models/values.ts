/**
 * Column values as storage's JSON shows them. The engines hand back timestamptz as a Date, and
 * int8 and jsonb as text (db/engine.ts keeps them exact); storage (node-pg with its int8 parser)
 * answers ISO timestamps with milliseconds and `Z`, numbers and JSON values.
 */
export function isoTime(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function jsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

export function jsonObject(value: unknown): Record<string, unknown> | null {
  const parsed = jsonValue(value);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : null;
}

export function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  return Number(value);
}

export function isUuid(value: string | undefined): value is string {
  // storage's own check (src/storage/limits.ts): which subs also fill the deprecated uuid owner column.
  return !!value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value);
}
