import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { THEME_DARKER, darkenTheme } from '../../../scripts/theme-contrast';

const require = createRequire(import.meta.url);
const theme = readFileSync(require.resolve('primereact/resources/themes/lara-light-blue/theme.css'), 'utf8');

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

/** every rule of the theme that sets white text on a solid background: selector and background */
const whiteOnColour = (css: string) => [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].flatMap(([, selector, body]) => {
  const bg = /(?:^|;|\s)background(?:-color)?:\s*(#[0-9a-f]{6})\b/i.exec(body)?.[1];
  return /(?:^|;|\s)color:\s*#ffffff\b/i.test(body) && bg ? [{ selector: selector.trim(), bg: bg.toLowerCase() }] : [];
});

describe('theme contrast (scripts/theme-contrast.ts)', () => {
  it('every base colour maps to one with white text at 4.5:1 or more', () => {
    for (const base of ['#3b82f6', '#22c55e', '#f97316', '#0ea5e9', '#a855f7', '#ef4444']) {
      expect(contrast(THEME_DARKER[base], '#ffffff'), base).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('moves each colour once, leaves the palette variables and the rest of the text alone', () => {
    expect(darkenTheme('.p-button { background: #3b82f6; border-color: #2563eb; color: #ffffff; }'))
      .toBe('.p-button { background: #2563eb; border-color: #1d4ed8; color: #ffffff; }');
    expect(darkenTheme('  --blue-500:#3b82f6;\n  --primary-color: #3B82F6;')).toBe('  --blue-500:#3b82f6;\n  --primary-color: #2563eb;');
  });

  it('white text in the darkened Lara theme is on a background of 4.5:1 or more (buttons, tags, badges, highlights)', () => {
    const before = whiteOnColour(theme);
    const after = whiteOnColour(darkenTheme(theme));
    // the check finds what it is meant to: the theme's own buttons and tags failed it
    expect(before.filter((r) => contrast(r.bg, '#ffffff') < 4.5).length).toBeGreaterThan(20);
    expect(after.length).toBe(before.length);
    // the secondary grey (#64748b, 4.8:1) and darker shades pass as they are
    expect(after.filter((r) => contrast(r.bg, '#ffffff') < 4.5)).toEqual([]);
  });
});
