import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPicture } from '~/lib/qr';

/** The dark cells a path of "M x y h w v1 h-w z" rectangles covers, as "x,y" strings. */
function cellsOf(path: string): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, w, back] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
    expect(back).toBe(w);
    for (let i = 0; i < Number(w); i += 1) cells.add(`${Number(x) + i},${y}`);
  }
  return cells;
}

describe('qrPicture', () => {
  it.each([
    'bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh?dt=4294967295',
  ])('draws exactly the encoder’s dark modules, as one path, for %s', async (value) => {
    const picture = await qrPicture(value);
    const qr = QRCode.create(value, { errorCorrectionLevel: 'M' });
    const dark = new Set<string>();
    for (let y = 0; y < qr.modules.size; y += 1)
      for (let x = 0; x < qr.modules.size; x += 1) if (qr.modules.get(y, x)) dark.add(`${x},${y}`);
    expect(picture.count).toBe(qr.modules.size);
    // Nothing but rectangles in the path, and together they are the matrix: no module lost or added.
    expect(picture.path.replace(/M\d+ \d+h\d+v1h-\d+z/g, '')).toBe('');
    expect(cellsOf(picture.path)).toEqual(dark);
  });
});
