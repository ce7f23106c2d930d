/**
 * Browser end-to-end of seller applications and trade circles: the buyer applies, the operator
 * rejects with a reason, the buyer applies again, the operator approves, and the buyer (signed in
 * again) is a seller; then a circle is created, joined, approved and left. Screenshots of each page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pathOf, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

/** A screenshot of the whole page from the top, after the page's entry animation (e2e.shot waits for it). */
const shot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await e2e.shot(page, name);
};

/** a real 1×1 PNG */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const REASON = '营业执照号与公司名称不一致，请核对后重新提交';

const storedUser = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('qph_user') ?? 'null') as { is_seller: boolean; permissions: string[] } | null);

/** The operator's audit page, filtered to pending applications. */
const openAudit = async (page: Page) => {
  await page.getByRole('navigation', { name: '运营菜单' }).getByRole('link', { name: '企业审核', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/operation/company/audit');
  await page.getByRole('tab', { name: '企业审核' }).waitFor();
};

describe('seller application', () => {
  it('the buyer applies, is rejected with a reason, applies again, is approved and becomes a seller', async () => {
    const buyer = await e2e.newPage();
    await e2e.signIn(buyer.page, '/login', 'buyer');
    await buyer.page.getByRole('link', { name: '卖家入驻' }).first().click();
    await buyer.page.waitForURL((u) => u.pathname === '/apply/seller');
    const form = buyer.page.getByRole('form', { name: '卖家入驻申请' });
    // prefilled from the company and the user
    await expect(buyer.page.locator('#apply-company_name')).toHaveValue('上海申通汽车维修服务有限公司');
    await expect(buyer.page.locator('#apply-contact_name')).toHaveValue('王志强');
    await buyer.page.locator('#apply-licence_no').fill('12345');
    await form.getByRole('button', { name: '提交申请' }).click();
    await form.getByText('营业执照号应为18位统一社会信用代码').waitFor();
    await form.getByText('请填写主营品牌').waitFor();
    await shot(buyer.page, 'seller-apply-form');

    await buyer.page.locator('#apply-licence_no').fill('91310112MA1GBX7L4B');
    await buyer.page.locator('#apply-main_brands').fill('博世，马勒，曼牌');
    await buyer.page.locator('#apply-note').fill('主营德系车滤清器和刹车系统，仓库面积800平方米');
    await buyer.page.locator('#apply-licence_images').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
    await form.getByRole('img', { name: '营业执照图片' }).waitFor();
    await form.getByRole('button', { name: '提交申请' }).click();
    await buyer.page.getByText('申请已提交，正在等待平台审核。').waitFor();
    await expect(buyer.page.getByRole('form', { name: '卖家入驻申请' })).toHaveCount(0);
    await shot(buyer.page, 'seller-apply-pending');

    const op = await e2e.newPage();
    await e2e.signIn(op.page, '/operation/login', 'operator');
    await openAudit(op.page);
    const row = op.page.locator('tbody tr', { hasText: '上海申通汽车维修服务有限公司' });
    await row.getByText('待审核').waitFor();
    await expect(row.getByRole('img', { name: '营业执照图片' })).toHaveCount(1);
    await shot(op.page, 'company-audit-pending');
    await row.getByRole('button', { name: '驳回' }).click();
    const dialog = op.page.getByRole('dialog', { name: '驳回入驻申请' });
    await dialog.getByRole('button', { name: '确定驳回' }).click();
    await dialog.getByText('请填写驳回原因').waitFor();
    await dialog.locator('#reject-reason').fill(REASON);
    await shot(op.page, 'company-audit-reject-dialog');
    await dialog.getByRole('button', { name: '确定驳回' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await op.page.getByText('暂无相关结果').waitFor();

    await buyer.page.reload();
    await buyer.page.getByText(`驳回原因：${REASON}`).waitFor();
    await shot(buyer.page, 'seller-apply-rejected');
    await buyer.page.getByRole('button', { name: '修改后重新申请' }).click();
    // the rejected application's values come back for editing
    await expect(buyer.page.locator('#apply-main_brands')).toHaveValue('博世，马勒，曼牌');
    await expect(buyer.page.getByRole('form', { name: '卖家入驻申请' }).getByRole('img', { name: '营业执照图片' })).toHaveCount(1);
    await buyer.page.locator('#apply-company_name').fill('上海申通汽车配件有限公司');
    await buyer.page.getByRole('button', { name: '提交申请' }).click();
    await buyer.page.getByText('申请已提交，正在等待平台审核。').waitFor();

    await op.page.reload();
    const again = op.page.locator('tbody tr', { hasText: '上海申通汽车配件有限公司' });
    await again.getByRole('button', { name: '通过' }).click();
    await op.page.getByRole('dialog', { name: '通过入驻申请' }).getByRole('button', { name: '确定通过' }).click();
    await op.page.getByText('已通过，该公司现在是卖家').waitFor();
    // every state: both decisions with the reviewer
    await op.page.getByRole('button', { name: '状态' }).click();
    await op.page.getByRole('option', { name: '全部状态' }).click();
    await op.page.locator('tbody tr', { hasText: REASON }).waitFor();
    await expect(op.page.locator('tbody tr', { hasText: '运营管理员' })).toHaveCount(2);
    await shot(op.page, 'company-audit-all');
    await op.context.close();

    await buyer.page.reload();
    await buyer.page.getByText('贵公司已是卖家。').waitFor();
    await shot(buyer.page, 'seller-apply-approved');
    await buyer.context.close();

    // signed in again: a seller with the seller codes, no 卖家入驻 entry, the back office open
    const again2 = await e2e.newPage();
    await e2e.signIn(again2.page, '/login', 'buyer');
    const user = await storedUser(again2.page);
    expect(user?.is_seller).toBe(true);
    expect(user?.permissions).toEqual(expect.arrayContaining(['M03', 'M05', 'M14', 'C10', 'C11', 'C12']));
    await again2.page.getByRole('link', { name: '商圈' }).first().waitFor();
    await expect(again2.page.getByRole('link', { name: '卖家入驻' })).toHaveCount(0);
    await again2.page.getByRole('link', { name: '卖家后台' }).first().click();
    await again2.page.waitForURL((u) => u.pathname === '/backend');
    await again2.page.waitForLoadState('networkidle');
    expect(pathOf(again2.page)).toBe('/backend');
    await shot(again2.page, 'seller-backend-after-approval');
    await again2.context.close();
  });

  it('the platform\'s own company opening /apply/seller is told it cannot apply, without a form', async () => {
    const op = await e2e.newPage();
    await e2e.signIn(op.page, '/operation/login', 'operator');
    await op.page.goto(e2e.url + '/apply/seller');
    await op.page.getByRole('alert').filter({ hasText: '平台运营公司不能申请成为卖家' }).waitFor();
    await expect(op.page.getByRole('button', { name: '提交申请' })).toHaveCount(0);
    await op.context.close();
  });
});

describe('trade circles', () => {
  it('a circle is created, joined, approved and left', async () => {
    const owner = await e2e.newPage();
    await e2e.signIn(owner.page, '/login', 'buyer');
    await owner.page.getByRole('link', { name: '商圈' }).first().click();
    await owner.page.waitForURL((u) => u.pathname === '/trade/list');
    await owner.page.getByRole('link', { name: '华南汽配商圈' }).waitFor();
    await shot(owner.page, 'trade-list');

    await owner.page.getByRole('button', { name: '创建商圈' }).click();
    await owner.page.waitForURL((u) => u.pathname === '/trade/new');
    await owner.page.getByRole('button', { name: '创建商圈' }).click();
    await owner.page.getByText('请填写商圈名称').waitFor();
    await owner.page.locator('#circle-name').fill('华南汽配商圈');
    await owner.page.locator('#circle-area').fill('上海闵行');
    await owner.page.getByRole('button', { name: '创建商圈' }).click();
    await owner.page.getByText('商圈名称已存在，请换一个名称').waitFor();
    await shot(owner.page, 'trade-new');
    await owner.page.locator('#circle-name').fill('闵行汽配互通圈');
    await owner.page.locator('#circle-description').fill('闵行区修理厂和配件商互通库存，圈内企业优先供货');
    await owner.page.getByRole('button', { name: '创建商圈' }).click();
    await owner.page.waitForURL((u) => /^\/trade\/\d+$/.test(u.pathname));
    const circlePath = pathOf(owner.page);
    await owner.page.getByRole('heading', { name: /闵行汽配互通圈/ }).waitFor();
    await owner.page.getByText('暂无待审核的申请').waitFor();

    const seller = await e2e.newPage();
    await e2e.signIn(seller.page, '/login', 'seller');
    await seller.page.goto(`${e2e.url}/trade/list?k=${encodeURIComponent('闵行')}`);
    const row = seller.page.locator('tbody tr', { hasText: '闵行汽配互通圈' });
    await row.getByRole('button', { name: '申请加入' }).click();
    await row.getByText('待审核').waitFor();
    await expect(seller.page.locator('tbody tr')).toHaveCount(1);
    await shot(seller.page, 'trade-list-joined');

    await owner.page.reload();
    const pending = owner.page.locator('tbody tr', { hasText: '广州骏达汽车配件有限公司' });
    await pending.getByRole('button', { name: '通过' }).waitFor();
    await shot(owner.page, 'trade-circle-owner-pending');
    await pending.getByRole('button', { name: '通过' }).click();
    await owner.page.getByText('暂无待审核的申请').waitFor();
    await owner.page.getByText('2 家成员').waitFor();
    await shot(owner.page, 'trade-circle-owner-approved');

    // the owner cannot quit its own circle: no button to do it
    await expect(owner.page.getByRole('button', { name: '退出商圈' })).toHaveCount(0);

    await seller.page.goto(e2e.url + circlePath);
    await seller.page.getByText('已加入').waitFor();
    await shot(seller.page, 'trade-circle-member');
    seller.page.once('dialog', (d) => void d.accept());
    await seller.page.getByRole('button', { name: '退出商圈' }).click();
    await seller.page.getByRole('button', { name: '申请加入' }).waitFor();
    await seller.page.getByText('1 家成员').waitFor();
    await owner.context.close();
    await seller.context.close();
  });
});
