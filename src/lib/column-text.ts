/**
 * How the row parsers outside supabase-js's types read what the database answers: a column as text,
 * and a function's json answer as an object.
 */

/** A column read as text, with SQL null (or a missing key) as ''. */
export function columnText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * A function's json answer as an object, or null when it is not one. PostgREST sends json; a
 * function declared to return text holding json arrives as a string, so both are read.
 */
export function answerObject(data: unknown): Record<string, unknown> | null {
  const value: unknown = typeof data === 'string' ? JSON.parse(data) : data;
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
}
