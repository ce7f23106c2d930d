/**
 * The Lara theme's colours under white text, one step darker across the app (for
 * accessibility): the theme's blue #3b82f6 under white text is 3.7:1 and its severity colours
 * 2.3–4.0:1, below WCAG AA's 4.5:1. The theme writes its colours as literals (97 times the blue),
 * not through its custom properties, so this Vite plugin rewrites the theme's CSS as it is loaded:
 * each colour of a button, tag, badge, highlight and their hover and pressed states takes the
 * next darker shade of its Tailwind palette, so hover and pressed stay distinguishable. The
 * palette variables (`--blue-500` …) keep their values: they name shades, not roles.
 */
import type { Plugin } from 'vite';

/** from → to, applied at once (a colour already moved is not moved again); white on each `to` of a base colour ≥ 4.5:1 */
export const THEME_DARKER: Readonly<Record<string, string>> = {
  // primary (blue): base 5.2:1, hover, pressed and the highlight text
  '#3b82f6': '#2563eb', '#2563eb': '#1d4ed8', '#1d4ed8': '#1e40af',
  // success (green): 5.0:1
  '#22c55e': '#15803d', '#16a34a': '#166534', '#15803d': '#14532d',
  // warning (orange): 5.2:1
  '#f97316': '#c2410c', '#ea580c': '#9a3412', '#c2410c': '#7c2d12',
  // info (sky): 5.9:1
  '#0ea5e9': '#0369a1', '#0284c7': '#075985', '#0369a1': '#0c4a6e',
  // help (purple): 5.4:1
  '#a855f7': '#9333ea', '#9333ea': '#7e22ce', '#7e22ce': '#6b21a8',
  // danger (red): 4.8:1
  '#ef4444': '#dc2626', '#dc2626': '#b91c1c', '#b91c1c': '#991b1b',
};

const THEME = /primereact[\\/]resources[\\/]themes[\\/]lara-light-blue[\\/]theme\.css(\?.*)?$/;
const COLOUR = new RegExp(Object.keys(THEME_DARKER).join('|'), 'gi');

/** the theme's text with the role colours darkened; lines declaring a palette variable are left alone */
export const darkenTheme = (css: string) => css.split('\n')
  .map((line) => (/^\s*--[a-z]+-\d+\s*:/.test(line) ? line : line.replace(COLOUR, (c) => THEME_DARKER[c.toLowerCase()])))
  .join('\n');

export const themeContrast = (): Plugin => ({
  name: 'qipeihub:theme-contrast',
  enforce: 'pre',
  transform(code, id) {
    return THEME.test(id) ? { code: darkenTheme(code), map: null } : undefined;
  },
});
