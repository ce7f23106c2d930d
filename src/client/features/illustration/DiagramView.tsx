import { useRef, type PointerEvent as ReactPointerEvent } from 'react';
import type { Hotspot } from '../../../shared/contracts/illustration';
import './illustration.css';

const clamp01 = (n: number) => Math.min(1, Math.max(0, Math.round(n * 10000) / 10000));

/**
 * A drawing with its numbered hotspots laid over it, placed as fractions of the image so they
 * follow it at any width. Each hotspot is a 40 px button (touch); the selected one is filled.
 * With `edit`, a click on the picture places the chosen number there, and a hotspot can be dragged.
 */
export function DiagramView({ imageUrl, alt, hotspots, selected, onSelect, nameOf, edit }: {
  imageUrl: string;
  alt: string;
  hotspots: Hotspot[];
  selected: number | null;
  onSelect: (position: number) => void;
  nameOf: (position: number) => string;
  edit?: { onPlace: (x: number, y: number) => void; onMove: (position: number, x: number, y: number) => void };
}) {
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ position: number; startX: number; startY: number; moved: boolean } | null>(null);
  const fractionOf = (clientX: number, clientY: number) => {
    const r = box.current!.getBoundingClientRect();
    return { x: clamp01((clientX - r.left) / r.width), y: clamp01((clientY - r.top) / r.height) };
  };
  const down = (e: ReactPointerEvent<HTMLButtonElement>, position: number) => {
    if (!edit) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { position, startX: e.clientX, startY: e.clientY, moved: false };
  };
  const move = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!edit || !d) return;
    if (!d.moved && Math.hypot(e.clientX - d.startX, e.clientY - d.startY) < 4) return;
    d.moved = true;
    const f = fractionOf(e.clientX, e.clientY);
    edit.onMove(d.position, f.x, f.y);
  };
  const up = () => {
    const d = drag.current;
    drag.current = null;
    if (d && !d.moved) onSelect(d.position);
  };
  return (
    <div ref={box} className={`ill-diagram${edit ? ' editing' : ''}`} data-testid="ill-diagram"
      onClick={edit ? (e) => {
        if (e.target !== e.currentTarget && !(e.target instanceof HTMLImageElement)) return;
        const f = fractionOf(e.clientX, e.clientY);
        edit.onPlace(f.x, f.y);
      } : undefined}>
      <img src={imageUrl} alt={alt} draggable={false} />
      {hotspots.map((h) => (
        <button key={h.position} type="button" className="ill-spot" data-position={h.position}
          style={{ left: `${h.x * 100}%`, top: `${h.y * 100}%` }}
          aria-pressed={selected === h.position} aria-label={`图号 ${h.position} ${nameOf(h.position)}`}
          onClick={edit ? undefined : () => onSelect(h.position)}
          onPointerDown={edit ? (e) => down(e, h.position) : undefined}
          onPointerMove={edit ? move : undefined}
          onPointerUp={edit ? up : undefined}
          onPointerCancel={edit ? () => { drag.current = null; } : undefined}>
          {h.position}
        </button>
      ))}
    </div>
  );
}
