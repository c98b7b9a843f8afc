/**
 * A QR code as one SVG path: every horizontal run of dark modules is a rectangle one module high
 * ("M x y h w v1 h -w z"). One element per code instead of one per run (a deposit address's code
 * has 250–400 runs), so a page with five wallets lays out and paints five nodes, not 1,500.
 */
export interface QrPicture {
  /** Modules per side. */
  count: number;
  /** The dark modules, in module units from the top-left corner (no quiet zone). */
  path: string;
}

/**
 * The QR code of `value`. The encoder (qrcode, about 10 KB gzip) is loaded on the first call, so a
 * page ships it only when it draws a code.
 */
export async function qrPicture(value: string): Promise<QrPicture> {
  const { default: QRCode } = await import('qrcode');
  const qr = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const parts: string[] = [];
  for (let y = 0; y < n; y += 1) {
    let x = 0;
    while (x < n) {
      if (!qr.modules.get(y, x)) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < n && qr.modules.get(y, x)) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h-${x - start}z`);
    }
  }
  return { count: n, path: parts.join('') };
}
