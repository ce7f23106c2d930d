/**
 * The Vietnamese walk of the browser tests (docs/i18n.md, "What CI checks"): the Chinese a
 * Vietnamese reader would still meet on a page.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { E2E } from './harness';

/**
 * Every Chinese text a reader meets on the page: visible text, and placeholder, title, aria-label
 * and alt of visible elements, outside user data ([data-user-text]) and outside what is Chinese on
 * purpose ([lang^="zh"]: the switch's 中文).
 */
export const chineseLeft = (page: Page) => page.evaluate(() => {
  const cjk = /[\u3400-\u9fff\uf900-\ufaff]/;
  const skipped = (el: Element) => !!el.closest('[data-user-text], [lang^="zh"], script, style, noscript') || !el.checkVisibility();
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (el && cjk.test(n.textContent ?? '') && !skipped(el)) found.push((n.textContent ?? '').trim());
  }
  // an attribute may name user data the page shows (Thêm vào giỏ 0005543715 骏达汽配): its Chinese
  // counts only when it is not such data
  const data = [...new Set([...document.querySelectorAll('[data-user-text]')].flatMap((el) => (el.textContent ?? '').split(/\s+/)).filter((w) => cjk.test(w)))]
    .sort((a, b) => b.length - a.length);
  const words = (value: string) => data.reduce((v, d) => v.split(d).join(' '), value);
  for (const el of document.body.querySelectorAll('[placeholder], [title], [aria-label], img[alt]')) {
    if (skipped(el)) continue;
    for (const name of ['placeholder', 'title', 'aria-label', 'alt']) {
      const value = el.getAttribute(name);
      if (value && cjk.test(words(value))) found.push(`${name}="${value}"`);
    }
  }
  return found;
});

/** a letter only Vietnamese writes (no Chinese page's own words have one) */
const VIETNAMESE_LETTER = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i;

/**
 * The other way round, for a Chinese page: every visible text holding a Vietnamese letter, outside
 * user data and outside what is Vietnamese on purpose ([lang="vi"]: the switch's Tiếng Việt, and
 * the texts in `allowed`, whole).
 */
export const vietnameseLeft = (page: Page, allowed: readonly string[] = []) => page.evaluate(({ source, allowed }) => {
  const letter = new RegExp(source, 'i');
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    const text = (n.textContent ?? '').trim();
    if (!el || !letter.test(text) || allowed.includes(text)) continue;
    if (!el.closest('[data-user-text], [lang="vi"], script, style, noscript') && el.checkVisibility()) found.push(text);
  }
  return found;
}, { source: VIETNAMESE_LETTER.source, allowed });

/**
 * The page, at 1366 and at 390 px, speaks Vietnamese only (user data aside); with `shot`, a
 * screenshot at each width named `<shot>-<width>`.
 */
export const allVietnamese = async (page: Page, name: string, shot?: { e2e: Pick<E2E, 'shot'>; prefix: string }) => {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('vi');
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await expect.poll(() => chineseLeft(page), { message: `${name} at ${width} px` }).toEqual([]);
    if (shot) await shot.e2e.shot(page, `${shot.prefix}-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
};
