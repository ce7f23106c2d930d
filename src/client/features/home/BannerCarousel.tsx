import { useEffect, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/lang';
import './banner-carousel.css';

/**
 * The home page's banner ads, one at a time, the next every `interval` ms, round and round; dots
 * below choose one. In the look of PrimeReact's Galleria (its classes), which it replaces: the
 * Galleria put aria-selected on its dots' list items and left their buttons unnamed (Lighthouse
 * accessibility), and measured and animated its items on the page's first render. Each dot is a
 * named button (第 n 张，共 N 张) with aria-current on the one shown; turning stops while the
 * pointer or the focus is on the carousel (WCAG 2.2.2) and when the page is hidden.
 */
export function BannerCarousel<T>({ items, render, label, interval = 5000 }: { items: readonly T[]; render: (item: T) => ReactNode; label: string; interval?: number }) {
  const t = useT();
  const [shown, setShown] = useState(0);
  const [held, setHeld] = useState(false);
  const count = items.length;
  useEffect(() => {
    if (held || count < 2) return;
    const timer = setInterval(() => { if (!document.hidden) setShown((i) => (i + 1) % count); }, interval);
    return () => clearInterval(timer);
  }, [held, count, interval]);
  const current = Math.min(shown, Math.max(0, count - 1));
  if (count === 0) return null;
  return (
    <section className="p-galleria p-component p-galleria-indicators-bottom banner-carousel" aria-roledescription="carousel" aria-label={label}
      onPointerEnter={() => setHeld(true)} onPointerLeave={() => setHeld(false)} onFocus={() => setHeld(true)} onBlur={() => setHeld(false)}>
      <div className="p-galleria-content">
        <div className="p-galleria-item" role="group" aria-roledescription="slide" aria-label={t('第 {{v}} 张，共 {{count}} 张', { v: current + 1, count })}>{render(items[current])}</div>
        {count > 1 && (
          <ul className="p-galleria-indicators p-reset">
            {items.map((_, i) => (
              <li key={i} className={`p-galleria-indicator${i === current ? ' p-highlight' : ''}`}>
                <button type="button" className="p-link" aria-label={t('第 {{v}} 张，共 {{count}} 张', { v: i + 1, count })} aria-current={i === current || undefined} onClick={() => setShown(i)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
