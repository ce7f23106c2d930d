/**
 * Browser end-to-end of the platform settings (docs/platform-settings.md): the operator adds a 汽配城
 * on its page (the other three lists set up through the API and looked at); the seller picks it on
 * 企业信息 and the buyer sees it and the alliance badge on the shop; the buyer's checkout to a
 * Guangzhou address shows 满X元包邮; the shop's market opens the 企业黄页 narrowed to it; a guest opens the published page from the footer, a draft stays hidden.
 * Screenshots: settings-{city,alliance,freecity,pub}-{1366,1024,390}, settings-enterprise-1366, settings-shop-1366, settings-yellow-pages-{1366,390},
 * settings-checkout-{1366,390}, settings-pub-{1366,390}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, apiToken, noSideScroll, operatorMenu, startE2E, type E2E, shotsAtSizes } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const shots = (page: Page, name: string) => shotsAtSizes(e2e, page, name, [1366, 768]);

describe('platform settings', () => {
  it('汽配城, 汽配联盟, 包邮城市 and 公共页面 from the operator to the seller, the buyer and a guest', async () => {
    const op = await apiToken(e2e.url, 'operator');
    await apiCall(e2e.url, op, 'POST', '/operation/alliance', { id: 0, name: '华南汽配联盟', description: '华南地区汽配商互助联盟', company_ids: [2], enabled: true });
    await apiCall(e2e.url, op, 'POST', '/operation/free-city', { id: 0, province: '广东省', city: '广州市', min_order_fen: 10_000_000, enabled: true });
    await apiCall(e2e.url, op, 'POST', '/operation/pub-page', { id: 0, slug: 'about-us', title: '关于我们', body: '汽配汇是汽车配件行业的B2B交易平台。\n\n客服热线：400-000-0000', sort: 1, status: 'published' });
    await apiCall(e2e.url, op, 'POST', '/operation/pub-page', { id: 0, slug: 'draft-notice', title: '未发布的通知', body: '草稿', sort: 2, status: 'draft' });

    // ---- the operator: 汽配城 → 新增 (a bad province is refused, then saved) ----
    const { page: o } = await e2e.operatorPage();
    await operatorMenu(o).getByRole('link', { name: '汽配城', exact: true }).click();
    await o.waitForURL((u) => u.pathname === '/operation/system/autopartsCity');
    await expect(o.getByText('还没有汽配城。点“新增”')).toBeVisible();
    await o.getByRole('button', { name: '新增' }).click();
    const dialog = o.getByRole('dialog', { name: '新增汽配城' });
    await dialog.getByLabel('汽配城名称').fill('白云汽配城');
    await dialog.getByLabel('城市').fill('广州市');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('省份请从列表中选择')).toBeVisible();
    await dialog.locator('.p-dropdown').filter({ has: o.locator('#apc-province') }).click();
    await o.getByRole('option', { name: '广东省' }).click();
    await dialog.getByLabel('地址').fill('白云区机场路88号');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(o.getByTestId('op-status')).toHaveText('已保存：白云汽配城（广东省广州市）');
    await expect(o.getByRole('row', { name: /白云汽配城/ })).toContainText('广东省 广州市');
    await shots(o, 'settings-city');
    for (const [label, path, name, text] of [
      ['汽配联盟', 'autopartsAlliance', 'settings-alliance', '华南汽配联盟'],
      ['包邮城市', 'freeCity', 'settings-freecity', '满¥100,000.00包邮'],
      ['公共页面', 'pub', 'settings-pub', '未发布的通知'],
    ] as const) {
      await operatorMenu(o).getByRole('link', { name: label, exact: true }).click();
      await o.waitForURL((u) => u.pathname === `/operation/system/${path}`);
      await expect(o.getByRole('table')).toContainText(text);
      await shots(o, name);
    }

    // ---- the seller: 企业信息 → 所在汽配城 ----
    const { page: s } = await e2e.newPage({ viewport: { width: 1366, height: 900 } });
    await e2e.signIn(s, '/login', 'seller');
    await s.goto(`${e2e.url}/backend/settings/enterprise`);
    const card = s.getByRole('region', { name: '所在汽配城' });
    await card.locator('.p-dropdown').filter({ has: s.locator('#autoparts_city_id') }).click();
    await s.getByRole('option', { name: '白云汽配城（广东省广州市）' }).click();
    await card.getByRole('button', { name: '保存汽配城' }).click();
    await expect(card.getByRole('status')).toHaveText('所在汽配城已保存，店铺页会显示它');
    await card.scrollIntoViewIfNeeded();
    await e2e.shot(s, 'settings-enterprise-1366', { view: true });

    // ---- the buyer: the shop's 汽配城 and alliance badge; checkout to Guangzhou ----
    const { page: b } = await e2e.newPage({ viewport: { width: 1366, height: 900 } });
    await e2e.signIn(b, '/login', 'buyer');
    await b.goto(`${e2e.url}/company/2`);
    await expect(b.getByTestId('shop-autoparts-city')).toHaveText('白云汽配城 这个汽配城的其他企业');
    await expect(b.getByTestId('shop-alliance')).toHaveText('华南汽配联盟');
    await e2e.shot(b, 'settings-shop-1366', { view: true });
    // the shop's market opens the 企业黄页 of that market: its sellers, with no words typed
    await b.getByRole('link', { name: '这个汽配城的其他企业' }).click();
    await b.waitForURL((x) => x.pathname === '/search/company' && x.searchParams.has('market'));
    const yellow = b.getByRole('region', { name: '企业黄页结果' });
    await expect(yellow).toContainText('白云汽配城 共 1 家企业');
    await expect(yellow.getByRole('article')).toHaveCount(1);
    await expect(yellow.getByRole('article')).toContainText('汽配城 白云汽配城');
    await shotsAtSizes(e2e, b, 'settings-yellow-pages', [1366, 900]);

    const { rows: [u] } = await e2e.pglite.query<{ id: number; company_id: number }>(`select id, company_id from app_user where username = 'buyer'`);
    await e2e.pglite.query(`
      insert into cart_item (user_id, company_id, stock_id, qty)
      select $1, $2, id, 1 from stock where state = 'on' and company_id = 2 and quantity > 5 and price0 is not null order by id limit 1`, [u.id, u.company_id]);
    await b.goto(`${e2e.url}/cart/order/create`);
    await b.locator('#checkout-address').fill('上海市闵行区七莘路1888号');
    await expect(b.getByTestId('checkout-group')).toBeVisible();
    await expect(b.getByTestId('free-delivery')).toHaveCount(0);
    await b.locator('#checkout-address').fill('广东省广州市白云区机场路88号汽配城A区12号');
    await expect(b.getByTestId('free-delivery')).toContainText('满 ¥100,000.00 包邮（广州市）');
    await expect(b.getByTestId('free-delivery')).toContainText('还差');
    await e2e.shot(b, 'settings-checkout-1366', { view: true });
    await b.setViewportSize({ width: 390, height: 844 });
    await noSideScroll(b);
    await b.getByTestId('free-delivery').scrollIntoViewIfNeeded();
    await e2e.shot(b, 'settings-checkout-390', { view: true });

    // ---- a guest: the footer's link opens the published page; the draft is not there ----
    const { page: g } = await e2e.newPage({ viewport: { width: 1366, height: 900 } });
    await g.goto(`${e2e.url}/`);
    const footer = g.locator('footer.site-footer');
    await expect(footer.getByRole('link', { name: '关于我们' })).toBeVisible();
    await expect(footer.getByRole('link', { name: '未发布的通知' })).toHaveCount(0);
    await footer.getByRole('link', { name: '关于我们' }).click();
    await g.waitForURL((x) => x.pathname === '/pub/about-us');
    await expect(g.getByTestId('pub-page')).toContainText('客服热线：400-000-0000');
    await e2e.shot(g, 'settings-pub-1366', { view: true });
    await g.setViewportSize({ width: 390, height: 844 });
    await noSideScroll(g);
    await e2e.shot(g, 'settings-pub-390', { view: true });
    await g.goto(`${e2e.url}/pub/draft-notice`);
    await expect(g.getByRole('alert')).toContainText('页面不存在或未发布');
  }, 300_000);
});
