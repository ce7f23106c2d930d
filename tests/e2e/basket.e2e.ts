/**
 * Browser end-to-end for 常购清单 and 关注 (docs/basket-follows.md): a buyer keeps a basket line,
 * opens the basket offline from the device's copy (the installed app), adds a line offline that
 * lands once when the network returns, and puts the ticked lines into the cart at their best
 * offers, the line nobody has named as 无货. A part followed from the OE results is listed on
 * /follows. Screenshots: basket-empty, basket-offline, basket-1366, basket-1024, basket-390, follows-390.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_SIZES, installedApp, noSideScroll, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const buyerLines = async () =>
  (await e2e.pglite.query<{ oe_norm: string; qty: number }>(`select oe_norm, qty from basket_line where company_id = 3 order by oe_norm`)).rows;

describe('常购清单', () => {
  it('opens offline from the device, takes an offline line once, and puts the ticked lines into the cart', async () => {
    const { rows: [pick] } = await e2e.pglite.query<{ oe_norm: string; supplier_oe: string }>(`
      select oe_norm, min(supplier_oe) as supplier_oe from stock where state = 'on' and company_id not in (1, 3) and quantity > 0 and price0 is not null
      group by oe_norm order by oe_norm limit 1`);
    await e2e.pglite.query(`update stock set quantity = 30 where oe_norm = $1`, [pick.oe_norm]);

    const { context, page } = await e2e.newPage(installedApp);
    await e2e.signIn(page, '/login', 'buyer');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto(`${e2e.url}/basket`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByText('常购清单还是空的').waitFor();
    await e2e.shot(page, 'basket-empty');

    const form = page.getByRole('form', { name: '添加常购配件' });
    // a refusal names the field in Chinese words, beside it
    await form.getByRole('button', { name: '添加' }).click();
    await expect(form.getByText('OE号应为5到40个字母或数字')).toBeVisible();
    await form.getByLabel('OE号').fill(pick.supplier_oe);
    await form.getByLabel('配件名称').fill('常用机油滤清器');
    await form.getByLabel('常用数量').fill('2');
    await form.getByRole('button', { name: '添加' }).click();
    const lines = page.locator('.basket-lines tbody tr');
    await expect(lines).toHaveCount(1);
    await expect.poll(buyerLines).toEqual([{ oe_norm: pick.oe_norm, qty: 2 }]);

    await context.setOffline(true);
    await page.reload();
    // the page's own notice (the network pill says 离线 too)
    await expect(page.getByRole('status').filter({ hasText: '离线：显示本机保存的清单' })).toBeVisible();
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(pick.supplier_oe);
    await form.getByLabel('OE号').fill('NOBODY-0001');
    await form.getByLabel('配件名称').fill('无人有货的配件');
    await form.getByRole('button', { name: '添加' }).click();
    await expect(page.getByRole('status').filter({ hasText: '离线，联网后自动同步' })).toBeVisible();
    await expect(lines).toHaveCount(2);
    await expect(page.getByRole('button', { name: /一键加入购物车/ })).toBeDisabled();
    await e2e.shot(page, 'basket-offline');

    await context.setOffline(false);
    await expect.poll(buyerLines, { timeout: 20_000 }).toEqual([{ oe_norm: 'NOBODY0001', qty: 1 }, { oe_norm: pick.oe_norm, qty: 2 }].sort((a, b) => (a.oe_norm < b.oe_norm ? -1 : 1)));
    await page.reload();
    await expect(lines).toHaveCount(2);
    await expect(page.getByRole('status').filter({ hasText: '离线：' })).toHaveCount(0);

    await page.getByLabel('全选').check();
    await page.getByRole('button', { name: /一键加入购物车/ }).click();
    const outcome = page.getByRole('region', { name: '加入购物车结果' });
    await expect(outcome).toContainText('已加入购物车 1 种配件');
    await expect(outcome).toContainText('无人有货的配件（NOBODY-0001）：无货');
    const { rows: cart } = await e2e.pglite.query<{ qty: number; oe_norm: string }>(`
      select c.qty, s.oe_norm from cart_item c join stock s on s.id = c.stock_id join app_user u on u.id = c.user_id where u.username = 'buyer'`);
    expect(cart).toEqual([{ qty: 2, oe_norm: pick.oe_norm }]);
    await noSideScroll(page);
    await e2e.shot(page, 'basket-1366');
    // the basket stays as it was
    expect(await buyerLines()).toHaveLength(2);
    await e2e.pglite.query(`delete from cart_item where user_id = (select id from app_user where username = 'buyer')`);
    await context.close();
  });

  it('follows a part from the OE results; basket and follows fit a tablet and a phone, reached from 我的', async () => {
    const { rows: [pick] } = await e2e.pglite.query<{ oe_norm: string }>(`
      select oe_norm from stock where state = 'on' and company_id not in (1, 3) and quantity > 0 and price0 is not null order by id desc limit 1`);
    const desk = await e2e.newPage();
    await e2e.signIn(desk.page, '/login', 'buyer');
    await e2e.searchOe(desk.page, pick.oe_norm);
    await desk.page.getByRole('button', { name: '关注配件' }).first().click();
    await expect(desk.page.getByRole('button', { name: '已关注配件' }).first()).toBeVisible();
    await desk.page.goto(`${e2e.url}/follows`);
    await expect(desk.page.locator('.follow-item')).toHaveCount(1);
    await expect(desk.page.locator('.follow-item')).toContainText('最低');
    await desk.context.close();

    for (const size of DEVICE_SIZES.filter((s) => s.name === '1024' || s.name === '390')) {
      const { context, page } = await e2e.newPage({ viewport: size.viewport, hasTouch: size.hasTouch, ...('isMobile' in size ? { isMobile: true } : {}) });
      await e2e.signIn(page, '/login', 'buyer');
      if (size.name === '390') {
        await page.goto(`${e2e.url}/im/profile`);
        await page.getByRole('link', { name: '常购清单' }).click();
      } else {
        await page.goto(`${e2e.url}/basket`);
      }
      await expect(page.locator('.basket-lines tbody tr')).toHaveCount(2);
      await noSideScroll(page);
      await e2e.shot(page, `basket-${size.name}`);
      await page.getByRole('link', { name: '我的关注' }).first().click();
      await expect(page.locator('.follow-item')).toHaveCount(1);
      await noSideScroll(page);
      await e2e.shot(page, `follows-${size.name}`);
      await context.close();
    }
  });
});
