import { describe, expect, it } from 'vitest';
import { appliedPreferences, maxAffected, parsePreferences } from './preferences';

describe('preferences: the Prefer header', () => {
  it('parses every preference PostgREST knows into its typed field', () => {
    expect(
      parsePreferences(
        'return=representation, count=exact, resolution=merge-duplicates, missing=default, handling=lenient, tx=rollback, max-affected=5, timezone=Europe/Paris',
      ),
    ).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
      handling: 'lenient',
      tx: 'rollback',
      maxAffected: 5,
      timezone: 'Europe/Paris',
      invalid: [],
    });
  });

  it('reads names and values case-insensitively and tolerates spaces and empty parts', () => {
    expect(parsePreferences(' Return=Minimal ,, COUNT=planned ')).toEqual({
      return: 'minimal',
      count: 'planned',
      invalid: [],
    });
    expect(parsePreferences(undefined)).toEqual({ invalid: [] });
  });

  it('ignores what it does not understand and lists it as written', () => {
    const prefs = parsePreferences('foo=bar, count=all, return=representation, max-affected=-1');
    expect(prefs).toEqual({ return: 'representation', invalid: ['foo=bar', 'count=all', 'max-affected=-1'] });
  });

  it('refuses unknown preferences with handling=strict (PGRST122), listing them', () => {
    expect(() => parsePreferences('handling=strict, foo=bar, tx=later')).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'PGRST122',
        details: 'Invalid preferences: foo=bar, tx=later',
      }) as Error,
    );
    expect(parsePreferences('handling=strict, return=minimal').invalid).toEqual([]);
  });

  it('applies max-affected only under handling=strict', () => {
    expect(maxAffected(parsePreferences('handling=strict, max-affected=0'))).toBe(0);
    expect(maxAffected(parsePreferences('max-affected=3'))).toBeUndefined();
    expect(maxAffected(parsePreferences('handling=strict'))).toBeUndefined();
  });

  it('reports applied preferences in PostgREST order, tx only when the server lets it be chosen', () => {
    const prefs = parsePreferences(
      'tx=rollback, missing=default, return=representation, resolution=ignore-duplicates',
    );
    expect(appliedPreferences(prefs, false)).toEqual([
      'return=representation',
      'resolution=ignore-duplicates',
      'missing=default',
    ]);
    expect(appliedPreferences(prefs, true)).toContain('tx=rollback');
    expect(appliedPreferences(parsePreferences('count=exact'), true)).toEqual([]);
  });
});
