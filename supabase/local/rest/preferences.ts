/**
 * The `Prefer` header, parsed once into typed preferences as PostgREST's `Preferences.hs` does. A
 * preference with an unknown name or value is ignored and listed in `invalid`; with
 * `handling=strict` that list is an error (PGRST122).
 */
import { pgrstError } from './errors';

export interface Preferences {
  return?: 'minimal' | 'headers-only' | 'representation';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  tx?: 'commit' | 'rollback';
  maxAffected?: number;
  timezone?: string;
  params?: 'single-object';
  /** The preferences as written that were not understood. */
  invalid: string[];
}

type Setter = (prefs: Preferences, value: string) => boolean;

const oneOf =
  <K extends 'return' | 'count' | 'resolution' | 'missing' | 'handling' | 'tx' | 'params'>(
    key: K,
    values: ReadonlyArray<NonNullable<Preferences[K]>>,
  ): Setter =>
  (prefs, value) => {
    const found = values.find((v) => v === value.toLowerCase());
    if (found === undefined) return false;
    prefs[key] = found as Preferences[K];
    return true;
  };

const SETTERS: Record<string, Setter> = {
  return: oneOf('return', ['minimal', 'headers-only', 'representation']),
  count: oneOf('count', ['exact', 'planned', 'estimated']),
  resolution: oneOf('resolution', ['merge-duplicates', 'ignore-duplicates']),
  missing: oneOf('missing', ['default', 'null']),
  handling: oneOf('handling', ['strict', 'lenient']),
  tx: oneOf('tx', ['commit', 'rollback']),
  params: oneOf('params', ['single-object']),
  'max-affected': (prefs, value) => {
    if (!/^\d+$/.test(value)) return false;
    prefs.maxAffected = Number(value);
    return true;
  },
  timezone: (prefs, value) => {
    if (value === '') return false;
    prefs.timezone = value;
    return true;
  },
};

/** `Prefer` arrives as one comma-separated header (protocol §5.1); names and values are case-insensitive (a time zone is kept as written). */
export function parsePreferences(header: string | undefined): Preferences {
  const prefs: Preferences = { invalid: [] };
  for (const raw of (header ?? '').split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const [name, value] = part.split('=');
    const setter = SETTERS[(name ?? '').trim().toLowerCase()];
    if (!setter || !setter(prefs, (value ?? '').trim())) prefs.invalid.push(part);
  }
  if (prefs.handling === 'strict' && prefs.invalid.length) throw pgrstError.PGRST122(prefs.invalid);
  return prefs;
}

/** `Prefer: handling=strict, max-affected=N`: the cap, or undefined when it does not apply. */
export function maxAffected(prefs: Preferences): number | undefined {
  return prefs.handling === 'strict' ? prefs.maxAffected : undefined;
}

/**
 * The `Preference-Applied` entries of a write: what was honoured, in PostgREST's order; `tx` only
 * when the server lets a request choose its transaction's end.
 */
export function appliedPreferences(prefs: Preferences, txOverridable: boolean): string[] {
  const applied: string[] = [];
  if (prefs.return) applied.push(`return=${prefs.return}`);
  if (prefs.resolution) applied.push(`resolution=${prefs.resolution}`);
  if (prefs.missing) applied.push(`missing=${prefs.missing}`);
  if (prefs.tx && txOverridable) applied.push(`tx=${prefs.tx}`);
  return applied;
}
