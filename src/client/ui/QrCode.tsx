import { useMemo } from 'react';
import { encodeQr, qrSvgPath } from './qr';

/** A scannable QR code of `text`, drawn as SVG. */
export function QrCode({ text, size, label }: { text: string; size: number; label: string }) {
  const q = useMemo(() => encodeQr(text), [text]);
  const full = q.size + 8;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${full} ${full}`} shapeRendering="crispEdges" data-qr-text={text}>
      <rect width={full} height={full} fill="#fff" />
      <path d={qrSvgPath(q)} fill="#000" />
    </svg>
  );
}
