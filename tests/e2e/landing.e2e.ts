/**
 * Where each role lands after signing in at /login, on a laptop and on a phone (docs/architecture.md,
 * "Landing per role"), the ads a formal member is spared, the way back to the marketplace, and a
 * refused page that says 无权访问 with the permission it needs. One context per device, each user
 * signed out before the next signs in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { contextDefaults, pathOf, startE2E, type E2E } from './harness';
import { forbiddenMsg } from '../../src/shared/messages';

let e2e: E2E;
let desktop: { context: BrowserContext; page: Page };
let phone: { context: BrowserContext; page: Page };

beforeAll(async () => {
  e2e = await startE2E();
  const open = async (options: Parameters<E2E['browser']['newContext']>[0]) => {
    const context = await e2e.browser.newContext({ ...contextDefaults, ...options });
    return { context, page: await context.newPage() };
  };
  desktop = await open({ viewport: { width: 1366, height: 768 } });
  phone = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
});

afterAll(async () => {
  await desktop?.context.close();
  await phone?.context.close();
  await e2e?.close();
});

/** signs `username` in at /login (signing out whoever was in) and gives the page it lands on */
const landOf = async (page: Page, username: string) => {
  await page.goto(`${e2e.url}/logout`);
  await page.waitForURL((u) => u.pathname === '/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('demo123456');
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/login')), page.locator('button[type="submit"]').click()]);
  // /search goes on to /search/parts
  await page.waitForURL((u) => u.pathname !== '/search');
  await page.waitForLoadState('networkidle');
  return pathOf(page);
};

describe('landing per role', () => {
  it('at 1366×768 a seller and its clerk land on the back office, an operator on the platform, a buyer on search', async () => {
    const { page } = desktop;
    expect(await landOf(page, 'seller')).toBe('/backend');
    const todo = page.getByRole('region', { name: '待处理' });
    await expect(todo.getByRole('link', { name: /^\d+ 待发货的销售订单/ })).toHaveCount(1);
    await expect(page.locator('.bo-header').getByRole('link', { name: '返回商城' })).toBeVisible();
    await e2e.shot(page, 'landing-seller');

    expect(await landOf(page, 'clerk')).toBe('/backend');
    // the clerk's 待处理 holds only what its codes open: no sales orders
    await expect(page.getByRole('region', { name: '待处理' }).getByRole('link', { name: /^\d+ 零库存/ })).toHaveCount(1);
    await expect(page.getByRole('region', { name: '待处理' }).getByRole('link', { name: /销售订单/ })).toHaveCount(0);

    expect(await landOf(page, 'operator')).toBe('/operation');
    expect(await landOf(page, 'buyer')).toBe('/search/parts');
  });

  it('on a 390×844 phone a buyer lands on the phone search and a seller on its messages', async () => {
    const { page } = phone;
    expect(await landOf(page, 'buyer')).toBe('/ofo/search');
    expect(await landOf(page, 'seller')).toBe('/im');
    await page.getByRole('region', { name: '会话列表' }).waitFor();
  });

  it('on a 1024×768 and a 768×1024 touch tablet each role lands as on a laptop, on a page that fits with its first action in view', async () => {
    for (const viewport of [{ width: 1024, height: 768 }, { width: 768, height: 1024 }]) {
      const context = await e2e.browser.newContext({ viewport, hasTouch: true, ...contextDefaults });
      const page = await context.newPage();
      const fits = async (what: string) => {
        const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect(scroll, `${what} at ${viewport.width}: the page is wider than the screen`).toBeLessThanOrEqual(client);
      };
      const inView = async (locator: ReturnType<Page['locator']>, what: string) => {
        await locator.waitFor();
        const box = await locator.boundingBox();
        expect(box, what).not.toBeNull();
        expect(box!.x, what).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, what).toBeLessThanOrEqual(viewport.width);
        expect(box!.y + box!.height / 2, what).toBeLessThanOrEqual(viewport.height);
      };
      expect(await landOf(page, 'seller')).toBe('/backend');
      await inView(page.getByRole('region', { name: '待处理' }), `seller's 待处理 at ${viewport.width}`);
      await fits('/backend');
      expect(await landOf(page, 'operator')).toBe('/operation');
      await fits('/operation');
      expect(await landOf(page, 'buyer')).toBe('/search/parts');
      await inView(page.locator('textarea[name="oe"]'), `buyer's OE box at ${viewport.width}`);
      await fits('/search/parts');
      await context.close();
    }
  });

  it('a formal buyer sees no trial ad and finds the way back from 我的订单; a clerk is told why a page is refused', async () => {
    const { page } = desktop;
    // a guest is invited to try membership; a formal member is not
    await page.goto(`${e2e.url}/logout`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.goto(`${e2e.url}/`);
    await page.locator('img[alt="广告 GG000"]').waitFor();
    await landOf(page, 'buyer');
    await page.goto(`${e2e.url}/`);
    await page.locator('.topbar').getByText('王志强').waitFor();
    await page.getByText('正式会员').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('img[alt="广告 GG000"]')).toHaveCount(0);
    await expect(page.locator('.trial-ad')).toHaveCount(0);

    await page.locator('.topbar').getByRole('link', { name: '我的订单' }).click();
    await page.waitForURL((u) => u.pathname === '/backend/order/purchase');
    await page.locator('.bo-header').getByRole('link', { name: '返回商城' }).click();
    await page.waitForURL((u) => u.pathname === '/');

    // the clerk (M03, C11) opens the sales orders by their address: the page says what it needs and who grants it
    await landOf(page, 'clerk');
    await page.goto(`${e2e.url}/backend/order/sales`);
    await page.getByRole('heading', { name: forbiddenMsg.title }).waitFor();
    await expect(page.getByTestId('forbidden-needs')).toContainText('销售订单（M01-00）');
    await expect(page.getByText(forbiddenMsg.grantMember)).toBeVisible();
    expect(pathOf(page)).toBe('/backend/order/sales');
    await e2e.shot(page, 'landing-clerk-refused');
    await page.getByRole('link', { name: forbiddenMsg.backOffice }).click();
    await page.waitForURL((u) => u.pathname === '/backend');
    await page.getByRole('region', { name: '待处理' }).waitFor();
  });
});
