import { useMemo } from 'react';
import QRCode from 'qrcode';

interface QrCodeProps {
  value: string;
  /** What the code holds, for people who cannot see it. */
  label: string;
  size?: number;
}

/**
 * A QR code drawn as SVG rects from the module matrix (no innerHTML, no canvas), so the code is
 * made from exactly the validated string the card shows.
 */
export default function QrCode({ value, label, size = 132 }: QrCodeProps) {
  const { count, runs } = useMemo(() => {
    const qr = QRCode.create(value, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    // One rect per horizontal run of dark modules: the same picture with a fraction of the nodes.
    const found: { x: number; y: number; w: number }[] = [];
    for (let y = 0; y < n; y += 1) {
      let x = 0;
      while (x < n) {
        if (!qr.modules.get(y, x)) {
          x += 1;
          continue;
        }
        const start = x;
        while (x < n && qr.modules.get(y, x)) x += 1;
        found.push({ x: start, y, w: x - start });
      }
    }
    return { count: n, runs: found };
  }, [value]);
  const quiet = 2;
  const extent = count + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${extent} ${extent}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="shrink-0 rounded-md bg-white"
    >
      {/* Colours as attributes, not theme classes: the code must stay black on white when the SVG is
          saved or drawn outside this page's CSS. */}
      <rect width={extent} height={extent} fill="white" />
      {runs.map(({ x, y, w }) => (
        <rect key={`${x}-${y}`} x={x + quiet} y={y + quiet} width={w} height={1} fill="black" />
      ))}
    </svg>
  );
}
