import { describe, expect, it } from 'vitest';
import { parseUuid } from './uuid';

describe('parseUuid', () => {
  const id = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';

  it('gives every spelling gofrs/uuid accepts the same canonical lower-case id', () => {
    const hex = id.replace(/-/g, '');
    for (const spelling of [
      id,
      id.toUpperCase(),
      hex,
      hex.toUpperCase(),
      `{${id}}`,
      `{${hex}}`,
      `urn:uuid:${id}`,
      `URN:UUID:${id.toUpperCase()}`,
      `urn:uuid:${hex}`,
    ]) {
      expect(parseUuid(spelling), spelling).toBe(id);
    }
  });

  it('refuses what is no UUID', () => {
    for (const text of ['', 'not-a-uuid', `${id}0`, `{${id}`, `${id}}`, id.replace('6', 'g'), ` ${id}`]) {
      expect(parseUuid(text), text).toBeNull();
    }
  });
});
