/** A column read as text, with SQL null (or a missing key) as '': how the row parsers outside supabase-js read it. */
export function columnText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}
