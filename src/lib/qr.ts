/** A QR code as horizontal runs of dark modules: the same picture with a fraction of the nodes. */
export interface QrRuns {
  /** Modules per side. */
  count: number;
  runs: { x: number; y: number; w: number }[];
}

/**
 * The QR code of `value`. The encoder (qrcode, about 10 KB gzip) is loaded on the first call, so a
 * page ships it only when it draws a code.
 */
export async function qrRuns(value: string): Promise<QrRuns> {
  const { default: QRCode } = await import('qrcode');
  const qr = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const runs: QrRuns['runs'] = [];
  for (let y = 0; y < n; y += 1) {
    let x = 0;
    while (x < n) {
      if (!qr.modules.get(y, x)) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < n && qr.modules.get(y, x)) x += 1;
      runs.push({ x: start, y, w: x - start });
    }
  }
  return { count: n, runs };
}
