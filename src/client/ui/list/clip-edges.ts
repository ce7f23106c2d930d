import { useCallback, useRef, useState } from 'react';

/**
 * Which edges of a scrolling box clip its content (docs/architecture.md, "Wide tables"): a table
 * that still scrolls sideways shows a shadow at each clipped edge. Returns a ref for the box, the
 * edges, and the update to call on scroll and after drawing; a ResizeObserver calls it when the
 * box changes size.
 */
export function useClipEdges(): [(el: HTMLElement | null) => (() => void) | undefined, { left: boolean; right: boolean }, () => void] {
  const box = useRef<HTMLElement | null>(null);
  const [clip, setClip] = useState({ left: false, right: false });
  const update = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setClip((c) => (c.left === left && c.right === right ? c : { left, right }));
  }, []);
  const attach = useCallback((el: HTMLElement | null) => {
    box.current = el;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      observer.disconnect();
      box.current = null;
    };
  }, [update]);
  return [attach, clip, update];
}
