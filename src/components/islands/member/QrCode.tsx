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
  const { count, cells } = useMemo(() => {
    const qr = QRCode.create(value, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    const dark: { x: number; y: number }[] = [];
    for (let y = 0; y < n; y += 1) {
      for (let x = 0; x < n; x += 1) if (qr.modules.get(y, x)) dark.push({ x, y });
    }
    return { count: n, cells: dark };
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
      <rect width={extent} height={extent} fill="#fff" />
      {cells.map(({ x, y }) => (
        <rect key={`${x}-${y}`} x={x + quiet} y={y + quiet} width={1} height={1} fill="#060b17" />
      ))}
    </svg>
  );
}
