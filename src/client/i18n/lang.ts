/**
 * The page language (docs/i18n.md). The Chinese text is the key: `t('购物车')` returns it as it is
 * in Chinese, and its Vietnamese from the catalogue once the Vietnamese chunk (./vi.ts, i18next) is
 * loaded. This module is all the entry carries; Chinese pages load nothing more.
 */
import { useSyncExternalStore } from 'react';

export type Lang = 'zh' | 'vi';
export const LANGS: readonly Lang[] = ['zh', 'vi'];
/** each language's name in its own language, as the switch shows it */
export const LANG_NAMES: Record<Lang, string> = { zh: '中文', vi: 'Tiếng Việt' };
export const isLang = (x: unknown): x is Lang => x === 'zh' || x === 'vi';

export type Vars = Record<string, string | number>;
type Translate = (key: string, vars?: Vars) => string;

const KEY = 'qph-lang';
const listeners = new Set<() => void>();

/** `{{name}}` filled from vars, as i18next does in Vietnamese */
const fill: Translate = (key, vars) => (vars ? key.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => (name in vars ? String(vars[name]) : all)) : key);

let current: Lang = 'zh';
let translateVi: Translate | null = null;

/** The language chosen on this device (a guest's choice, or the last one shown), null when none. */
export const storedLang = (): Lang | null => {
  try {
    const v = localStorage.getItem(KEY);
    return isLang(v) ? v : null;
  } catch {
    return null;
  }
};

export const currentLang = (): Lang => current;

/**
 * The pages whose reader is Vietnamese whoever opens them: the registration of a company in
 * Vietnam (docs/overseas.md, "Registration"). A guest who never chose a language reads them in
 * Vietnamese.
 */
const VIETNAMESE_READER_PAGES = new Set(['/login/register/vn']);

/**
 * A guest's language on a page: the one chosen on this device, else Vietnamese on a page read by
 * Vietnamese applicants, else Chinese. The path is compared as the router matches it: without a
 * trailing slash, whatever its case.
 */
export const guestLang = (pathname: string): Lang =>
  storedLang() ?? (VIETNAMESE_READER_PAGES.has(pathname.replace(/\/+$/, '').toLowerCase()) ? 'vi' : 'zh');

/** Translates a Chinese text into the page's language; `{{x}}` placeholders are filled from vars. */
export const t: Translate = (key, vars) => (current === 'vi' && translateVi ? translateVi(key, vars) : fill(key, vars));

/**
 * Marks a Chinese text for the catalogue where no component renders it yet (menus, label tables):
 * it returns the text unchanged; the component that shows it passes it through t().
 */
export const mark = <S extends string>(text: S): S => text;

/**
 * Loads the language's texts (and dayjs's and PrimeReact's locales) and shows it: every component
 * calling useT() renders again. A failed load (offline, chunk not cached) keeps the language shown.
 * The language is kept as this device's unless `keep` is false (a page's language for a guest who
 * never chose one: `guestLang`).
 */
export const setLang = async (lang: Lang, { keep = true }: { keep?: boolean } = {}): Promise<void> => {
  if (lang === 'vi') {
    const vi = await import('./vi');
    translateVi = vi.translate;
    vi.activate();
  } else if (translateVi) {
    (await import('./vi')).deactivate();
  }
  try {
    if (keep) localStorage.setItem(KEY, lang);
  } catch {
    // storage full or blocked: the choice still holds for this page
  }
  current = lang;
  document.documentElement.lang = lang === 'vi' ? 'vi' : 'zh-CN';
  listeners.forEach((l) => l());
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The page's language; a component re-renders when it changes. */
export const useLang = (): Lang => useSyncExternalStore(subscribe, () => current, () => 'zh');

/** t() for a component: calling it makes the component render again when the language changes. */
export const useT = (): Translate => {
  useLang();
  return t;
};

/**
 * A guest's navigation (the root route's beforeLoad): with no language chosen on this device, the
 * page's own default is shown, not kept (`guestLang`), so the Vietnamese registration's Vietnamese
 * stays on that page and the next page a guest opens is Chinese again (docs/i18n.md, "Choosing the
 * language"). A chosen language changes nothing. Undefined when the language shown is already the
 * page's, so a navigation waits for nothing.
 */
export const showGuestLang = (pathname: string): Promise<void> | undefined => {
  if (storedLang() !== null) return undefined;
  const lang = guestLang(pathname);
  return lang === current ? undefined : setLang(lang, { keep: false }).catch(() => undefined);
};
