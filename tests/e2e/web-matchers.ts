/**
 * Web-first matchers for vitest's `expect` in the browser tests (playwright-core has no
 * `@playwright/test` expect). Each one polls the locator until the page shows what is expected or
 * the time is up (20 s unless `{ timeout }` says otherwise, E2E_EXPECT_TIMEOUT for all), and then
 * fails naming the locator, what was expected and the last thing the page showed:
 *
 *   await expect(page.getByTestId('cart-count')).toHaveText('1');
 *   await expect(row).toContainText('待确认');
 *   await expect(page.locator('.order-actions button')).toHaveTexts(['确认收货']);
 *   await expect(rows).toHaveCount(50);
 *   await expect(page.locator('#mobile')).toHaveValue('13800000004');
 *   await expect(link).toHaveAttribute('href', '/protocol');
 *   await expect(dialog).toBeVisible();  await expect(dialog).toBeHidden();
 *
 * `.not` waits for the opposite (e.g. `expect(box).not.toHaveValue('')`). Texts are the element's
 * innerText, what a person sees. Registered for the e2e project by tests/e2e/setup.ts.
 */
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

export interface WaitOptions {
  /** how long to wait for the page to match, in ms (default 20 s: the suite runs two files at once on two cores) */
  timeout?: number;
}

export const expectTimeout = Number(process.env.E2E_EXPECT_TIMEOUT ?? 20_000);
const INTERVAL = 100;

type Read<T> = (timeout: number) => Promise<T>;
/** the last value read (seen) and the error of the last read, when it failed */
interface Last<T> {
  seen: boolean;
  value?: T;
  error?: Error;
}

interface MatcherThis {
  isNot: boolean;
  equals(a: unknown, b: unknown): boolean;
  utils: { printExpected(v: unknown): string; printReceived(v: unknown): string; stringify(v: unknown): string };
}

/** Reads until `matches(actual)` is what the assertion wants (false under `.not`) or the time is up. */
const waitFor = async <T>(ctx: MatcherThis, read: Read<T>, matches: (actual: T) => boolean, timeout: number) => {
  const deadline = Date.now() + timeout;
  // vitest leaves isNot undefined outside `.not`
  const isNot = ctx.isNot === true;
  let last: Last<T> = { seen: false };
  for (;;) {
    const left = deadline - Date.now();
    try {
      // a read that waits for the element (innerText, inputValue, getAttribute) waits a little at a
      // time, and the last one long enough to say why it failed
      const value = await read(Math.min(Math.max(left, 250), 1000));
      last = { seen: true, value };
      if (matches(value) !== isNot) return { pass: matches(value), last };
    } catch (e) {
      last = { ...last, error: e as Error };
    }
    if (Date.now() >= deadline) return { pass: isNot, last };
    await new Promise((r) => setTimeout(r, Math.min(INTERVAL, Math.max(0, deadline - Date.now()))));
  }
};

const textMatches = (expected: string | RegExp, actual: string, contain: boolean) =>
  typeof expected === 'string' ? (contain ? actual.includes(expected) : actual === expected) : expected.test(actual);

const makeResult = <T>(ctx: MatcherThis, locator: Locator, what: string, expected: unknown, timeout: number, r: { pass: boolean; last: Last<T> }) => ({
  pass: r.pass,
  message: () => {
    const failed = r.last.error ? r.last.error.message.split('\n')[0] : '';
    const shown = !r.last.seen ? `nothing (${failed})` : `${ctx.utils.printReceived(r.last.value)}${failed ? `, then: ${failed}` : ''}`;
    return `expected ${String(locator)} ${ctx.isNot === true ? 'not ' : ''}${what} ${ctx.utils.printExpected(expected)} within ${timeout} ms\n` +
      `last seen: ${shown}`;
  },
  actual: r.last.value,
  expected,
});

const timeoutOf = (opts?: WaitOptions) => opts?.timeout ?? expectTimeout;

expect.extend({
  async toHaveText(this: MatcherThis, locator: Locator, expected: string | RegExp, opts?: WaitOptions) {
    const timeout = timeoutOf(opts);
    const r = await waitFor(this, (t) => locator.innerText({ timeout: t }), (a) => textMatches(expected, a, false), timeout);
    return makeResult(this, locator, 'to have text', expected, timeout, r);
  },
  async toContainText(this: MatcherThis, locator: Locator, expected: string | RegExp, opts?: WaitOptions) {
    const timeout = timeoutOf(opts);
    const r = await waitFor(this, (t) => locator.innerText({ timeout: t }), (a) => textMatches(expected, a, true), timeout);
    return makeResult(this, locator, 'to contain text', expected, timeout, r);
  },
  async toHaveTexts(this: MatcherThis, locator: Locator, expected: unknown[], opts?: WaitOptions) {
    const timeout = timeoutOf(opts);
    const r = await waitFor(this, () => locator.allInnerTexts(), (a) => this.equals(a, expected), timeout);
    return makeResult(this, locator, 'to have the texts', expected, timeout, r);
  },
  async toHaveCount(this: MatcherThis, locator: Locator, expected: number, opts?: WaitOptions) {
    const timeout = timeoutOf(opts);
    const r = await waitFor(this, () => locator.count(), (a) => a === expected, timeout);
    return makeResult(this, locator, 'to match this many elements:', expected, timeout, r);
  },
  async toHaveValue(this: MatcherThis, locator: Locator, expected: string | RegExp, opts?: WaitOptions) {
    const timeout = timeoutOf(opts);
    const r = await waitFor(this, (t) => locator.inputValue({ timeout: t }), (a) => textMatches(expected, a, false), timeout);
    return makeResult(this, locator, 'to have the value', expected, timeout, r);
  },
  async toHaveAttribute(this: MatcherThis, locator: Locator, name: string, expected: string | RegExp, opts?: WaitOptions) {
    const timeout = timeoutOf(opts);
    const r = await waitFor(this, (t) => locator.getAttribute(name, { timeout: t }), (a) => a !== null && textMatches(expected, a, false), timeout);
    return makeResult(this, locator, `to have the attribute ${name} =`, expected, timeout, r);
  },
  async toBeVisible(this: MatcherThis, locator: Locator, opts?: WaitOptions) {
    const timeout = timeoutOf(opts);
    const r = await waitFor(this, () => locator.isVisible(), (a) => a, timeout);
    return makeResult(this, locator, 'to be visible:', true, timeout, r);
  },
  async toBeHidden(this: MatcherThis, locator: Locator, opts?: WaitOptions) {
    const timeout = timeoutOf(opts);
    const r = await waitFor(this, () => locator.isHidden(), (a) => a, timeout);
    return makeResult(this, locator, 'to be hidden:', true, timeout, r);
  },
  async toBeDisabled(this: MatcherThis, locator: Locator, opts?: WaitOptions) {
    const timeout = timeoutOf(opts);
    const r = await waitFor(this, (t) => locator.isDisabled({ timeout: t }), (a) => a, timeout);
    return makeResult(this, locator, 'to be disabled:', true, timeout, r);
  },
});

interface WebMatchers<R> {
  /** the element's innerText is `expected` (a RegExp: matches it) */
  toHaveText(expected: string | RegExp, opts?: WaitOptions): Promise<R>;
  /** the element's innerText contains `expected` (a RegExp: matches it) */
  toContainText(expected: string | RegExp, opts?: WaitOptions): Promise<R>;
  /** allInnerTexts() equals `expected` (asymmetric matchers such as expect.stringContaining allowed) */
  toHaveTexts(expected: unknown[], opts?: WaitOptions): Promise<R>;
  /** the locator matches exactly `expected` elements */
  toHaveCount(expected: number, opts?: WaitOptions): Promise<R>;
  /** the input's value is `expected` (a RegExp: matches it) */
  toHaveValue(expected: string | RegExp, opts?: WaitOptions): Promise<R>;
  /** the attribute is present and is `expected` (a RegExp: matches it) */
  toHaveAttribute(name: string, expected: string | RegExp, opts?: WaitOptions): Promise<R>;
  toBeVisible(opts?: WaitOptions): Promise<R>;
  /** not there or not visible */
  toBeHidden(opts?: WaitOptions): Promise<R>;
  toBeDisabled(opts?: WaitOptions): Promise<R>;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Assertion<T> extends WebMatchers<T> {}
}
