/**
 * How a user likes the result tables of the search pages on this device: the density (紧凑 / 舒适)
 * and the columns they hid, in localStorage under qph-result-view:<user uuid>, so each person on
 * a shared warehouse tablet keeps their own. Read back through a schema: anything unreadable is
 * dropped with a warning and the defaults apply.
 */
import { useSyncExternalStore } from 'react';
import * as v from 'valibot';

export type Density = 'compact' | 'comfortable';
/** the columns a user may hide: each price column, 适用车型, 地区 (the seller's), 联系方式 */
export const CHOOSABLE_COLUMNS = ['price99', 'price0', 'price1', 'price2', 'price3', 'price5', 'vehicle', 'area', 'contact'] as const;
export type ChoosableColumn = (typeof CHOOSABLE_COLUMNS)[number];

const viewSchema = v.object({
  density: v.picklist(['compact', 'comfortable']),
  hidden: v.array(v.picklist(CHOOSABLE_COLUMNS)),
});
export type ResultView = v.InferOutput<typeof viewSchema>;

/**
 * Until a user chooses: compact rows with a mouse, comfortable (finger-sized) rows on a touch
 * screen; the seller's area, phone and QQ open in the row's detail, where they do not widen or
 * wrap the row.
 */
export const defaultView = (coarsePointer: boolean): ResultView => ({ density: coarsePointer ? 'comfortable' : 'compact', hidden: ['area', 'contact'] });

const keyOf = (userId: string) => `qph-result-view:${userId}`;
const coarse = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

const cache = new Map<string, ResultView>();
const listeners = new Set<() => void>();

export const readView = (userId: string): ResultView => {
  const known = cache.get(userId);
  if (known) return known;
  let view = defaultView(coarse());
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(keyOf(userId));
    if (raw !== null) {
      const parsed = v.safeParse(viewSchema, JSON.parse(raw));
      if (parsed.success) view = parsed.output;
      else throw new Error('bad shape');
    }
  } catch {
    console.warn('dropped an unreadable result view', raw);
    try {
      localStorage.removeItem(keyOf(userId));
    } catch {
      // storage blocked: the defaults hold
    }
  }
  cache.set(userId, view);
  return view;
};

export const saveView = (userId: string, view: ResultView) => {
  cache.set(userId, view);
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(view));
  } catch {
    // storage full or blocked: the choice holds until the page is left
  }
  listeners.forEach((l) => l());
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  // another tab of the same user changed it
  const onStorage = (e: StorageEvent) => {
    if (!e.key?.startsWith('qph-result-view:')) return;
    cache.clear();
    l();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
};

/** The view of this user and a setter that remembers a change on the device. */
export const useResultView = (userId: string | undefined) => {
  const id = userId ?? 'guest';
  const view = useSyncExternalStore(subscribe, () => readView(id), () => defaultView(false));
  return [view, (patch: Partial<ResultView>) => saveView(id, { ...readView(id), ...patch })] as const;
};
