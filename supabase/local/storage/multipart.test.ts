import { describe, expect, it } from 'vitest';
import { multipartBoundary, parseMultipart } from './multipart';

/** Encodes a form the way a client's fetch does (undici, browsers), to read it back. */
async function encoded(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request('http://local/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

describe('multipart/form-data uploads', () => {
  it('reads the fields and the file part storage-js sends for a Blob (file field named "")', async () => {
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('metadata', JSON.stringify({ month: '2026-01' }));
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0xff]);
    form.append('', new Blob([bytes], { type: 'application/pdf' }), 'statement.pdf');
    const { body, contentType } = await encoded(form);
    const boundary = multipartBoundary(contentType);
    expect(boundary).toBeTruthy();
    const parsed = parseMultipart(body, boundary ?? '');
    expect(parsed?.fields.get('cacheControl')).toBe('3600');
    expect(JSON.parse(parsed?.fields.get('metadata') ?? '{}')).toEqual({ month: '2026-01' });
    expect(parsed?.file).toMatchObject({ filename: 'statement.pdf', contentType: 'application/pdf' });
    // Binary content, CRLF and "--" inside it included, comes back byte for byte.
    expect(parsed?.file?.data.equals(bytes)).toBe(true);
  });

  it('keeps the first file and answers no file for a form without one', async () => {
    const form = new FormData();
    form.append('a', new Blob(['one']), 'one.txt');
    form.append('b', new Blob(['two']), 'two.txt');
    const first = await encoded(form);
    expect(
      parseMultipart(first.body, multipartBoundary(first.contentType) ?? '')?.file?.data.toString(),
    ).toBe('one');

    const fieldsOnly = new FormData();
    fieldsOnly.append('cacheControl', '60');
    const second = await encoded(fieldsOnly);
    expect(parseMultipart(second.body, multipartBoundary(second.contentType) ?? '')?.file).toBeUndefined();
  });

  it('refuses what is not multipart or is cut short', () => {
    expect(multipartBoundary('application/pdf')).toBeUndefined();
    expect(multipartBoundary('multipart/form-data; boundary="abc def"')).toBe('abc def');
    expect(
      parseMultipart(Buffer.from('--b\r\ncontent-disposition: form-data; name="x"\r\n\r\nunterminated'), 'b'),
    ).toBeUndefined();
    expect(parseMultipart(Buffer.from('no delimiter at all'), 'b')).toBeUndefined();
  });
});
