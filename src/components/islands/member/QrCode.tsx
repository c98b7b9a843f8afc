import { useEffect, useState } from 'react';
import { qrRuns, type QrRuns } from '~/lib/qr';

interface QrCodeProps {
  value: string;
  /** What the code holds, for people who cannot see it. */
  label: string;
  size?: number;
}

/**
 * A QR code drawn as SVG rects from the module matrix (no innerHTML, no canvas), so the code is
 * made from exactly the validated string the card shows. Until the encoder has loaded the same
 * white square stands in its place, so nothing moves when the code appears.
 */
export default function QrCode({ value, label, size = 132 }: QrCodeProps) {
  const [qr, setQr] = useState<(QrRuns & { value: string }) | null>(null);
  useEffect(() => {
    let live = true;
    void qrRuns(value).then((made) => {
      if (live) setQr({ ...made, value });
    });
    return () => {
      live = false;
    };
  }, [value]);
  const ready = qr?.value === value ? qr : null;
  const quiet = 2;
  const extent = (ready?.count ?? 25) + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      aria-busy={ready ? undefined : true}
      viewBox={`0 0 ${extent} ${extent}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="shrink-0 rounded-md bg-white"
    >
      {/* Colours as attributes, not theme classes: the code must stay black on white when the SVG is
          saved or drawn outside this page's CSS. */}
      <rect width={extent} height={extent} fill="white" />
      {ready?.runs.map(({ x, y, w }) => (
        <rect key={`${x}-${y}`} x={x + quiet} y={y + quiet} width={w} height={1} fill="black" />
      ))}
    </svg>
  );
}
