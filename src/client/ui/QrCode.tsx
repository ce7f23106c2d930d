import { useEffect, useState } from 'react';
import { encodeQr, qrSvgPath } from './qr';

type Drawn = { full: number; path: string };
/** one encoding per text for the life of the page: the footer and the 手机版 panel show the same address */
const drawn = new Map<string, Drawn>();
const draw = (text: string): Drawn => {
  let d = drawn.get(text);
  if (!d) {
    const q = encodeQr(text);
    d = { full: q.size + 8, path: qrSvgPath(q) };
    drawn.set(text, d);
  }
  return d;
};
const idle = (fn: () => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 1);
  return () => clearTimeout(id);
};

/**
 * A scannable QR code of `text`, drawn as SVG. Encoding (the library tries its eight masks) took
 * 20–30 ms of the storefront's first render for the footer's code, so a code not encoded yet is
 * encoded when the page is idle, the white square holding its place until then.
 */
export function QrCode({ text, size, label }: { text: string; size: number; label: string }) {
  const [d, setD] = useState(() => drawn.get(text));
  const shown = d && drawn.get(text) === d ? d : undefined;
  useEffect(() => (shown ? undefined : idle(() => setD(draw(text)))), [text, shown]);
  const full = shown?.full ?? 1;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${full} ${full}`} shapeRendering="crispEdges" data-qr-text={text} aria-busy={!shown || undefined}>
      <rect width={full} height={full} fill="#fff" />
      {shown && <path d={shown.path} fill="#000" />}
    </svg>
  );
}
