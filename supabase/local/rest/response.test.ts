import { describe, expect, it } from 'vitest';
import { contentRange, jsonRowsToCsv } from './response';

describe('response: statuses and headers', () => {
  it('writes Content-Range for pages, empty pages and unknown totals', () => {
    expect(contentRange(0, 2, 5)).toBe('0-1/5');
    expect(contentRange(3, 0, 3)).toBe('*/3');
    expect(contentRange(10, 5, undefined)).toBe('10-14/*');
  });

  it('renders rows as CSV with quoting', () => {
    expect(jsonRowsToCsv('[{"a":1,"b":"x, y"},{"a":null,"b":"say \\"hi\\""}]')).toBe(
      'a,b\n1,"x, y"\n,"say ""hi"""',
    );
    expect(jsonRowsToCsv('[]')).toBe('');
  });
});
