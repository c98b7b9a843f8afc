import { startTransition, useEffect, useState } from 'react';
import { qrPicture, type QrPicture } from '~/lib/qr';

interface QrCodeProps {
  value: string;
  /** What the code holds, for people who cannot see it. */
  label: string;
  size?: number;
}

/**
 * A QR code drawn as one SVG path from the module matrix (no innerHTML, no canvas), so the code is
 * made from exactly the validated string the card shows. Until the encoder has loaded the same
 * white square stands in its place, so nothing moves when the code appears.
 */
export default function QrCode({ value, label, size = 132 }: QrCodeProps) {
  const [qr, setQr] = useState<(QrPicture & { value: string }) | null>(null);
  useEffect(() => {
    let live = true;
    void qrPicture(value).then((made) => {
      // A transition, like the page's own data: React draws the codes in slices between other work.
      if (live) startTransition(() => setQr({ ...made, value }));
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
      {ready && <path d={ready.path} transform={`translate(${quiet} ${quiet})`} fill="black" />}
    </svg>
  );
}
