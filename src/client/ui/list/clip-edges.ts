import { useCallback, useRef, useState } from 'react';

/**
 * Which edges of a scrolling box clip its content (docs/architecture.md, "Wide tables"): a table
 * that still scrolls sideways shows a shadow at each clipped edge. Returns a ref for the box, the
 * edges, and the update to call on scroll and after drawing; a ResizeObserver calls it when the
 * box changes size.
 */
export interface ClipEdges { left: boolean; right: boolean }

/**
 * A state update that gives the box's clipped edges now, keeping the old value when they did not
 * change (no re-render on every scroll event).
 */
export const clipOf = (el: HTMLElement) => (old: ClipEdges): ClipEdges => {
  const left = el.scrollLeft > 1;
  const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
  return old.left === left && old.right === right ? old : { left, right };
};

export function useClipEdges(): [(el: HTMLElement | null) => (() => void) | undefined, { left: boolean; right: boolean }, () => void] {
  const box = useRef<HTMLElement | null>(null);
  const [clip, setClip] = useState({ left: false, right: false });
  const update = useCallback(() => {
    if (box.current) setClip(clipOf(box.current));
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
