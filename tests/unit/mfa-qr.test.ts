import { describe, expect, it } from 'vitest';
import { qrImageSource } from '~/lib/mfa';

const decoded = (uri: string): string => {
  const comma = uri.indexOf(',');
  return decodeURIComponent(uri.slice(comma + 1));
};

describe('qrImageSource', () => {
  const hashSvg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path fill="#ffffff" d="M0 0h29v29H0z"/></svg>';
  const goTrueSvg =
    '<?xml version="1.0"?>\n<svg width="111" height="111"\n     xmlns="http://www.w3.org/2000/svg">\n<rect x="12" y="12" width="3" height="3" style="fill:black;stroke:none" />\n</svg>\n';

  it('escapes an SVG with # colours that auth-js pasted raw behind data:, so the URI keeps all of it', () => {
    const uri = qrImageSource(`data:image/svg+xml;utf-8,${hashSvg}`);
    expect(uri.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(uri).not.toMatch(/[#<>"\s]/);
    expect(decoded(uri)).toBe(hashSvg);
  });

  it('gives GoTrue’s SVG (width and height, no viewBox) a viewBox so it scales to the box', () => {
    const svg = decoded(qrImageSource(`data:image/svg+xml;utf-8,${goTrueSvg}`));
    expect(svg).toContain('<svg viewBox="0 0 111 111" width="111" height="111"');
    expect(svg).toContain('style="fill:black;stroke:none"');
  });

  it('accepts a bare SVG and an already escaped URI alike, and leaves base64 alone', () => {
    expect(decoded(qrImageSource(hashSvg))).toBe(hashSvg);
    expect(decoded(qrImageSource(`data:image/svg+xml,${encodeURIComponent(hashSvg)}`))).toBe(hashSvg);
    const base64 = `data:image/svg+xml;base64,${Buffer.from(hashSvg).toString('base64')}`;
    expect(qrImageSource(base64)).toBe(base64);
  });
});
