/**
 * Browser end-to-end of the operator platform at 1024×768: the operator suspends a
 * seller (its rows leave the buyer's search, its owner is signed out and cannot sign in), changes
 * the announcement and a banner ad (the storefront shows them), sets the VND rate (dong prices
 * follow), reads the audit log, makes a report role and gives it to a colleague, who then cannot
 * open company pages. Screenshots of the home, company list and detail, configuration, logs, roles
 * and ads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../src/shared/domain/currency';
import { opText } from '../../src/shared/domain/operation';
import { noSideScroll, operatorMenu, pathOf, startE2E, type E2E } from './harness';
import { forbiddenMsg } from '../../src/shared/messages';

let e2e: E2E;
let oe: { supplier_oe: string; oe_norm: string };
beforeAll(async () => {
  e2e = await startE2E();
  // a number only the seller company (2) stocks, so its group empties when the company is suspended
  oe = (await e2e.pglite.query<{ supplier_oe: string; oe_norm: string }>(`
    select supplier_oe, oe_norm from stock s where company_id = 2 and state = 'on'
      and not exists (select 1 from stock o where o.oe_norm = s.oe_norm and o.company_id <> 2) order by id limit 1`)).rows[0];
  // a head-company employee without any code yet: the operator gives them the report role in the page
  await e2e.pglite.query(`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
    select '00000000-0000-4000-8000-0000000000aa', 1, 'reporter', '报表专员', password_hash, '{}' from app_user where username = 'operator'`);
});
afterAll(async () => e2e?.close());

/** a real 1×1 PNG */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const oeGroup = (page: Page) => page.getByRole('region', { name: `OE ${oe.supplier_oe}` });
const searchOe = (page: Page) => e2e.searchOe(page, oe.supplier_oe);

describe('operator platform', () => {
  it('suspends a seller: its rows leave search and its owner is signed out', async () => {
    const buyer = await e2e.newPage();
    await e2e.signIn(buyer.page, '/login', 'buyer');
    await searchOe(buyer.page);
    await oeGroup(buyer.page).getByText(/^[1-9]\d* 家报价$/).waitFor();
    const seller = await e2e.newPage();
    await e2e.signIn(seller.page, '/login', 'seller');

    const { page } = await e2e.operatorPage();
    await page.getByRole('heading', { name: /今日概况/ }).waitFor();
    await expect(page.getByTestId('figure-待审核入驻')).toContainText('待审核入驻');
    await noSideScroll(page);
    await e2e.shot(page, 'operation-home');

    await operatorMenu(page).getByRole('link', { name: '企业列表', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/operation/company/list');
    await page.locator('#filter-k').fill('骏达');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await noSideScroll(page);
    await e2e.shot(page, 'operation-company-list');

    await page.getByRole('link', { name: '广州骏达汽车配件有限公司' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/company/detail');
    await expect(page.getByTestId('stock-on')).toContainText('条');
    await noSideScroll(page);
    await e2e.shot(page, 'operation-company-detail');
    await page.getByRole('button', { name: '停用' }).click();
    await page.getByRole('button', { name: '确认停用' }).click();
    await page.getByText('请填写停用原因（至少2个字符）').waitFor();
    await page.locator('#suspend-reason').fill('多次虚假报价，暂停经营');
    await page.getByRole('button', { name: '确认停用' }).click();
    await expect(page.getByTestId('op-status')).toHaveText('已停用：其用户已下线，库存已从搜索中下架');
    await page.getByText('停用原因：多次虚假报价，暂停经营').waitFor();

    // the buyer's next search no longer finds the seller's rows
    await searchOe(buyer.page);
    await oeGroup(buyer.page).getByText('0 家报价').waitFor();
    // the owner is signed out, and signing in again is refused with the reason
    await seller.page.reload();
    await seller.page.waitForURL((u) => u.pathname === '/login');
    await seller.page.locator('input[name="username"]').fill('seller');
    await seller.page.locator('input[name="password"]').fill('demo123456');
    await seller.page.locator('button[type="submit"]').click();
    await seller.page.getByText(opText.companySuspended).first().waitFor();

    // restored: the rows come back
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: '恢复' }).click();
    await page.getByTestId('op-status').filter({ hasText: '已恢复' }).waitFor();
    await searchOe(buyer.page);
    await oeGroup(buyer.page).getByText(/^[1-9]\d* 家报价$/).waitFor();
    for (const c of [buyer, seller]) await c.context.close();
    await page.context().close();
  });

  it('changes the announcement, an ad and the VND rate; the storefront shows them', async () => {
    const { page, context } = await e2e.operatorPage();
    await operatorMenu(page).getByRole('link', { name: '公告与短信模板' }).click();
    const text = '【公告】春节期间（2月8日至2月17日）平台照常服务，物流以各卖家通知为准。';
    await page.locator('#announcement').fill(text);
    await page.getByRole('button', { name: '发布公告' }).click();
    await expect(page.getByTestId('op-status')).toHaveText('公告已发布，前台搜索页下方显示');

    await operatorMenu(page).getByRole('link', { name: '广告位' }).click();
    await page.getByRole('button', { name: '新增广告' }).click();
    await page.getByRole('button', { name: '保存广告' }).click();
    await page.getByText('请上传广告图片').waitFor();
    await page.getByRole('button', { name: '取消' }).click();
    // the home's GG000 ad gets a new image and link
    await page.getByTestId('ad-row').filter({ hasText: 'GG000' }).first().getByRole('button', { name: /^编辑广告/ }).click();
    await page.getByRole('dialog').locator('input[type="file"]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
    await expect(page.getByRole('img', { name: '广告图片预览' })).toHaveAttribute('src', /^\/api\/uploads\//);
    await page.locator('#click_url').fill('/pay/package');
    await page.getByRole('button', { name: '保存广告' }).click();
    await expect(page.getByTestId('op-status')).toHaveText('广告已保存，前台下次读取即显示');
    await expect(page.getByTestId('ad-row').filter({ hasText: '投放中' }).filter({ hasText: '/pay/package' })).toHaveCount(1);
    await noSideScroll(page);
    await e2e.shot(page, 'operation-ads');
    const banner = (await e2e.pglite.query<{ images_url: string }>(`select images_url from ad where click_url = '/pay/package' order by id desc limit 1`)).rows[0].images_url;

    await operatorMenu(page).getByRole('link', { name: '汇率' }).click();
    await page.locator('#rate-VND').fill('abc');
    await page.getByRole('button', { name: '设置汇率' }).click();
    await page.getByText('汇率应为数字').waitFor();
    await page.locator('#rate-VND').fill('4000.5');
    await page.getByRole('button', { name: '设置汇率' }).click();
    await expect(page.getByTestId('rate-VND-now')).toHaveText('4000.5');
    await expect(page.getByTestId('rate-history').locator('tbody tr').first()).toContainText('4000.5');
    await noSideScroll(page);

    const buyer = await e2e.newPage();
    await e2e.signIn(buyer.page, '/login', 'buyer');
    await buyer.page.getByText(text).waitFor();
    // GG000 invites to a trial: a guest sees the new image, the formal buyer never does
    const guest = await e2e.newPage();
    await guest.page.goto(`${e2e.url}/`);
    await expect(guest.page.locator(`img[src="${banner}"]`)).toHaveCount(1);
    await guest.context.close();
    await buyer.page.goto(`${e2e.url}/`);
    await buyer.page.getByTestId('level-name').waitFor();
    await expect(buyer.page.locator(`img[src="${banner}"]`)).toHaveCount(0);
    await buyer.page.goto(`${e2e.url}/search/parts/keyword?k=${encodeURIComponent('刹车片')}&mode=fuzzy`);
    const first = buyer.page.locator('tbody .price').first();
    // a keyword search over the seeded stock can take a while on a loaded machine
    await first.waitFor({ timeout: 30_000 });
    await expect(first).toHaveText(/^¥[\d,]+\.\d{2}$/);
    const fen = Math.round(Number((await first.innerText()).replace(/[¥,]/g, '')) * 100);
    await buyer.page.locator('.topbar').getByRole('button', { name: '越南盾' }).click();
    await expect.poll(() => first.innerText()).toBe(formatMoney(fen, 'VND', 4000.5));
    await buyer.context.close();

    // configuration and the log of all of it
    await operatorMenu(page).getByRole('link', { name: '系统参数' }).click();
    await page.getByTestId('param-baidu_shangqiao').locator('input').fill('javascript:alert(1)');
    await page.getByRole('button', { name: '保存 在线咨询地址' }).click();
    await page.getByTestId('param-baidu_shangqiao').getByRole('alert').waitFor();
    await expect(page.getByTestId('param-baidu_shangqiao').getByRole('alert')).toContainText('在线咨询地址');
    await noSideScroll(page);
    await e2e.shot(page, 'operation-configuration');

    await operatorMenu(page).getByRole('link', { name: '操作日志' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/system/logs');
    const latest = page.getByTestId('list-row').first();
    await expect(latest).toContainText('汇率 VND');
    // at 1024 the change's detail folds into the row's expansion (the list block's column priorities)
    if (await latest.getByTitle('展开其余列').count() > 0) {
      await latest.getByTitle('展开其余列').click();
      await expect(page.locator('.list-fold-row').first()).toContainText('4000.5');
    } else {
      await expect(latest).toContainText('4000.5');
    }
    await noSideScroll(page);
    await e2e.shot(page, 'operation-logs');
    await context.close();
  });

  it('the operator makes a report role and gives it to a colleague, who then cannot open company pages', async () => {
    const op = await e2e.operatorPage();
    await operatorMenu(op.page).getByRole('link', { name: '角色' }).click();
    await op.page.getByRole('button', { name: '新增角色' }).click();
    await op.page.locator('#role-name').fill('报表专员');
    await op.page.getByRole('button', { name: '保存角色' }).click();
    await op.page.getByText('请至少选择一项权限').waitFor();
    await op.page.getByRole('dialog').getByRole('group', { name: '报表' }).getByLabel('全部').check();
    await op.page.getByRole('button', { name: '保存角色' }).click();
    await expect(op.page.getByTestId('op-status')).toHaveText('已保存角色：报表专员');
    await expect(op.page.getByTestId('role-row')).toHaveCount(2);
    await noSideScroll(op.page);
    await e2e.shot(op.page, 'operation-roles');
    await operatorMenu(op.page).getByRole('link', { name: '员工授权' }).click();
    await op.page.getByLabel('reporter 报表专员').click();
    await expect(op.page.getByTestId('op-status')).toContainText('已保存 reporter 的角色');
    // taking the last privilege holder's role away is refused, and the box stays ticked
    await op.page.getByLabel('operator 超级管理员').click();
    await expect(op.page.getByTestId('op-status')).toContainText('至少要保留一名启用的员工拥有');
    await expect.poll(() => op.page.getByLabel('operator 超级管理员').isChecked()).toBe(true);
    await op.context.close();

    const { page, context } = await e2e.operatorPage('reporter');
    await page.getByRole('heading', { name: /今日概况/ }).waitFor();
    await expect(operatorMenu(page).getByRole('link', { name: '企业列表', exact: true })).toHaveCount(0);
    // a page the role's codes do not open says so in place, with the code it needs
    await page.goto(`${e2e.url}/operation/company/list`);
    await page.getByRole('heading', { name: forbiddenMsg.title }).waitFor();
    await expect(page.getByTestId('forbidden-needs')).toContainText('D02-01');
    expect(pathOf(page)).toBe('/operation/company/list');
    await context.close();
  });
});
