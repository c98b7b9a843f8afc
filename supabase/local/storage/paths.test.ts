import { describe, expect, it } from 'vitest';
import { decodePath, isValidBucketName, isValidObjectKey } from './paths';

describe('storage paths', () => {
  it.each(['statements', 'avatars-2026', 'a.b_c', "it's (ok)", 'x'.repeat(100)])(
    'takes bucket id %s',
    (id) => {
      expect(isValidBucketName(id)).toBe(true);
    },
  );

  it.each(['', '.', '..', 'a/b', 'a\\b', 'x'.repeat(101), 'é', 'a%2Fb', 'tab\there'])(
    'refuses bucket id %j',
    (id) => {
      expect(isValidBucketName(id)).toBe(false);
    },
  );

  it.each([
    'f3c1/2026-01.pdf',
    'folder/sub/file name (1).csv',
    '.emptyFolderPlaceholder',
    "a/b/c's.pdf",
    'x'.repeat(1024),
  ])('takes key %s', (key) => {
    expect(isValidObjectKey(key)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['absolute', '/etc/passwd'],
    ['parent segment', 'a/../b'],
    ['leading parent', '../b'],
    ['current segment', 'a/./b'],
    ['doubled slash', 'a//b'],
    ['trailing slash', 'a/'],
    ['backslash', 'a\\..\\b'],
    ['non-ASCII', 'résumé.pdf'],
    ['control character', 'a\nb'],
    ['over 1024 bytes', 'x'.repeat(1025)],
  ])('refuses a key: %s', (_what, key) => {
    expect(isValidObjectKey(key)).toBe(false);
  });

  it('decodes each segment as fastify does, so an encoded slash or dot cannot slip a segment past the guard', () => {
    expect(decodePath('folder/a%20b.pdf')).toBe('folder/a b.pdf');
    const sneaky = decodePath('a%2F..%2Fb');
    expect(sneaky).toBe('a/../b');
    expect(isValidObjectKey(sneaky ?? '')).toBe(false);
    expect(decodePath('%2e%2e/x')).toBe('../x');
    expect(decodePath('bad%E0%A4%A')).toBeUndefined();
  });
});
