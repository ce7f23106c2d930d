import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useAfterFirstPage } from '../lib/after-first-page';

/**
 * Tabs for the search boxes, in PrimeReact TabView's look (its classes) without its cost: TabView
 * measures its tab headers on every mount (forced layouts of the whole page, ~150 ms per search
 * on the result pages measured with bench:ui) and had to be remounted to follow the route.
 * Every panel stays mounted (hidden when not chosen), so what is typed in one survives a look at
 * another; `active` follows the route, a click chooses a panel without navigating. The hidden
 * panels are drawn after the first page (after-first-page.ts; the first touch or key draws them
 * at once): on the search pages they were a fifth of the first render, with the calls of the VIN
 * quota and the vehicle makes.
 */
export function Tabs({ active, tabs, label }: { active: number; tabs: { header: string; content: ReactNode }[]; label?: string }) {
  const id = useId();
  const later = useAfterFirstPage();
  // tabs are known by their headers: a tab added later (圈内搜索, once the user's circles are
  // known) moves the ones after it, and a chosen index then showed the tab before the one picked
  const routed = Math.min(active, tabs.length - 1);
  const activeHeader = tabs[routed]?.header;
  const [chosen, setChosen] = useState(activeHeader);
  const [followed, setFollowed] = useState(activeHeader);
  // the address when the user last picked a tab
  const [chosenAt, setChosenAt] = useState<string | null>(null);
  const choose = (i: number) => {
    setChosen(tabs[i].header);
    setChosenAt(window.location.href);
  };
  // The route moved to another tab: show it (state adjusted while rendering, no effect pass),
  // unless the user picked a tab at this very address. The router's state follows the address a
  // little later (the results page's code and data load first), and a tab clicked in between (a
  // search made, the next tab clicked at once) was taken back to the search's.
  if (followed !== activeHeader) {
    setFollowed(activeHeader);
    if (chosenAt !== window.location.href) setChosen(activeHeader);
  }
  // a chosen tab that is gone (the circle tab of a user who left the circle): the route's
  const found = tabs.findIndex((t) => t.header === chosen);
  const current = found >= 0 ? found : routed;
  const refs = useRef<(HTMLAnchorElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const next = e.key === 'ArrowRight' ? (i + 1) % tabs.length : e.key === 'ArrowLeft' ? (i - 1 + tabs.length) % tabs.length
      : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : -1;
    if (next < 0) return;
    e.preventDefault();
    choose(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="p-tabview p-component">
      <div className="p-tabview-nav-container">
        <div className="p-tabview-nav-content">
          <ul className="p-tabview-nav" role="tablist" aria-label={label}>
            {tabs.map((t, i) => (
              <li key={t.header} className={`p-tabview-header${i === current ? ' p-highlight' : ''}`} role="presentation">
                <a ref={(el) => { refs.current[i] = el; }} role="tab" id={`${id}-t${i}`} aria-controls={`${id}-p${i}`} aria-selected={i === current}
                  tabIndex={i === current ? 0 : -1} className="p-tabview-nav-link" href={`#${id}-p${i}`}
                  onClick={(e) => { e.preventDefault(); choose(i); }} onKeyDown={(e) => onKeyDown(e, i)}>
                  <span className="p-tabview-title">{t.header}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="p-tabview-panels">
        {tabs.map((t, i) => (
          <div key={t.header} id={`${id}-p${i}`} role="tabpanel" aria-labelledby={`${id}-t${i}`} className="p-tabview-panel" hidden={i !== current}>
            {(i === current || later) && t.content}
          </div>
        ))}
      </div>
    </div>
  );
}
