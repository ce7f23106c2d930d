import { useEffect, useRef, useState } from 'react';
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

/** Runs `fn` once `el` comes into view (at once where IntersectionObserver is missing). */
const inView = (el: Element, fn: () => void) => {
  if (typeof IntersectionObserver !== 'function') {
    fn();
    return () => undefined;
  }
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    seen.disconnect();
    fn();
  }, { rootMargin: '200px' });
  seen.observe(el);
  return () => seen.disconnect();
};

/**
 * A scannable QR code of `text`, drawn as SVG. Encoding (the library tries its eight masks) took
 * 20–30 ms of the storefront's first render for the footer's code (50–60 ms at Lighthouse's 4×
 * slowdown), so a code not encoded yet is encoded when it comes into view (the footer's when the
 * page is scrolled down to it) and the page is idle, the white square holding its place until then.
 */
export function QrCode({ text, size, label }: { text: string; size: number; label: string }) {
  const [d, setD] = useState(() => drawn.get(text));
  const shown = d && drawn.get(text) === d ? d : undefined;
  const box = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (shown || !box.current) return;
    let cancelIdle = () => undefined as void;
    const stop = inView(box.current, () => { cancelIdle = idle(() => setD(draw(text))); });
    return () => { stop(); cancelIdle(); };
  }, [text, shown]);
  const full = shown?.full ?? 1;
  return (
    <svg ref={box} role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${full} ${full}`} shapeRendering="crispEdges" data-qr-text={text} aria-busy={!shown || undefined}>
      <rect width={full} height={full} fill="#fff" />
      {shown && <path d={shown.path} fill="#000" />}
    </svg>
  );
}
