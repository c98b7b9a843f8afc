import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { totpQrSvg } from './qr-svg';

describe('totpQrSvg', () => {
  const uri = 'otpauth://totp/example.com:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=example.com';
  const svg = totpQrSvg(uri);

  it('is GoTrue-shaped: sized without viewBox, black and white rects, no # for auth-js to paste into a data: URI', () => {
    expect(svg.startsWith('<?xml version="1.0"?>\n')).toBe(true);
    expect(svg).not.toContain('#');
    expect(svg).not.toContain('viewBox');
    expect(svg).toMatch(/<svg width="(\d+)" height="\1"/);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });

  it('draws every module of the level-H code inside a four-module quiet zone', () => {
    const { modules } = QRCode.create(uri, { errorCorrectionLevel: 'H' });
    const side = (modules.size + 8) * 3;
    expect(svg).toContain(`<svg width="${side}" height="${side}"`);
    const rects = [
      ...svg.matchAll(
        /<rect x="(\d+)" y="(\d+)" width="3" height="3" style="fill:(black|white);stroke:none" \/>/g,
      ),
    ];
    expect(rects).toHaveLength(modules.size * modules.size);
    for (const [, x, y, fill] of rects) {
      const col = Number(x) / 3 - 4;
      const row = Number(y) / 3 - 4;
      expect(fill === 'black').toBe(!!modules.get(row, col));
    }
  });
});
