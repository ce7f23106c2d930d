/**
 * Browser end-to-end for VIN查询 and 车型查询: a buyer decodes a real VIN, walks the catalogue to a
 * subgroup's parts and jumps to the OE search; the tile flow with a check-digit warning; the
 * vehicle picker without a VIN; a registered member's quota. Screenshots of every page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { msg } from '../../src/shared/messages';
import { EPC_SAMPLE_VINS } from '../../src/server/db/seed-epc';
import { computeCheckDigit } from '../../src/shared/domain/vin';
import { pathOf, startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => e2e?.close());

const settle = (page: Page) => page.waitForLoadState('networkidle');
const withCheckDigit = (raw: string) => raw.slice(0, 8) + computeCheckDigit(raw) + raw.slice(9);

describe('VIN and vehicle search', () => {
  it('a buyer decodes a real VIN, walks groups → subgroup → parts and jumps to the OE search', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    await page.goto(`${e2e.url}/search/vin`);
    await settle(page);
    const box = page.locator('input[name="vin"]');
    await box.waitFor();
    await e2e.shot(page, 'vin-index');

    // the same rules as the server, before any request
    await box.fill('LFV2B2BO1L3012345');
    await box.press('Enter');
    await page.getByRole('alert').filter({ hasText: msg.vinIllegalChars }).waitFor();
    expect(pathOf(page)).toBe('/search/vin');

    // written the way people copy it from a registration certificate
    await box.fill(`${EPC_SAMPLE_VINS.sagitar.slice(0, 8).toLowerCase()} ${EPC_SAMPLE_VINS.sagitar.slice(8)}`);
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search/vin/detail');
    expect(new URL(page.url()).searchParams.get('vin')).toBe(EPC_SAMPLE_VINS.sagitar);
    const summary = page.getByLabel('VIN解析结果');
    await summary.getByText('一汽-大众', { exact: true }).waitFor();
    await expect(summary).toContainText('2020');
    await expect(summary).toContainText('1（正确）');
    await expect(summary).toContainText(msg.vinQuotaUnlimited);
    await page.getByLabel('车型', { exact: true }).getByText('一汽-大众 速腾 1.4T EA211 CSS').waitFor();
    await settle(page);
    await e2e.shot(page, 'vin-detail');

    const tree = page.getByRole('navigation', { name: '配件目录' });
    await tree.getByRole('link', { name: '制动系统' }).click();
    await page.waitForURL((u) => u.pathname === '/search/vin/subgroup');
    await page.getByLabel('分组列表').getByRole('link', { name: '前轮制动器' }).waitFor();
    await settle(page);
    await e2e.shot(page, 'vin-subgroup');

    await page.getByLabel('分组列表').getByRole('link', { name: '前轮制动器' }).click();
    await page.waitForURL((u) => u.pathname === '/search/vin/parts');
    const table = page.getByLabel('配件', { exact: true });
    await table.getByText('前刹车盘').waitFor();
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(3);
    // the second part's name, then its 单车用量 2 in the next cell
    await expect(rows.nth(1)).toHaveText(/前刹车盘\s*2\s/);
    await settle(page);
    await e2e.shot(page, 'vin-parts');

    // a stocked part leads to its sellers in the OE search
    const stocked = table.getByRole('link', { name: /^查看报价/ }).first();
    await expect(stocked).toHaveAttribute('aria-label', /^查看报价 \S+$/);
    const oe = (await stocked.getAttribute('aria-label'))!.replace('查看报价 ', '');
    const tag = stocked.locator('xpath=ancestor::tr').getByText(/家有货/);
    await expect(tag).toHaveText(/\d+家有货/);
    const tagText = await tag.innerText();
    await stocked.click();
    await page.waitForURL((u) => u.pathname === '/search/parts/oe');
    expect(new URL(page.url()).searchParams.get('code')).toBe(oe);
    await page.getByLabel(`OE ${oe}`).first().waitFor();
    const sellers = Number(/(\d+)家有货/.exec(tagText)?.[1]);
    expect(sellers).toBeGreaterThan(0);
    await settle(page);
    await e2e.shot(page, 'vin-oe-jump');

    // the part search across the vehicle
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/search/vin/parts');
    await page.locator('input[name="parts-k"]').fill('火花塞');
    await page.locator('input[name="parts-k"]').press('Enter');
    await page.waitForURL((u) => u.pathname === '/search/vin/partsKeyword');
    const found = page.getByLabel('车型内配件查找结果');
    await found.getByText('“火花塞” 在本车型中找到 1 种配件').waitFor();
    await found.getByText('发动机 / 点火及燃油喷射').waitFor();
    await settle(page);
    await e2e.shot(page, 'vin-parts-keyword');
    await context.close();
  });

  it('the tile flow shows the check-digit warning and walks tiles to the parts', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    await page.goto(`${e2e.url}/search/newvin`);
    await settle(page);
    await e2e.shot(page, 'newvin-index');
    const wrong = `${EPC_SAMPLE_VINS.accord.slice(0, 8)}7${EPC_SAMPLE_VINS.accord.slice(9)}`;
    await page.locator('input[name="vin"]').fill(wrong);
    await page.getByRole('button', { name: 'VIN查询' }).click();
    await page.waitForURL((u) => u.pathname === '/search/newvin/detail');
    await page.getByRole('alert').filter({ hasText: msg.vinCheckDigit('2', '7') }).waitFor();
    await page.getByText('广汽本田 雅阁 2.0L R20A7').waitFor();
    await settle(page);
    await e2e.shot(page, 'newvin-detail');

    await page.getByRole('link', { name: '查看配件目录' }).click();
    await page.waitForURL((u) => u.pathname === '/search/newvin/groups');
    await page.getByRole('link', { name: /悬挂系统/ }).waitFor();
    await settle(page);
    await e2e.shot(page, 'newvin-groups');

    await page.getByRole('link', { name: /悬挂系统/ }).click();
    await page.waitForURL((u) => u.pathname === '/search/newvin/subgroup');
    await page.getByRole('link', { name: /前悬挂/ }).waitFor();
    await settle(page);
    await e2e.shot(page, 'newvin-subgroup');

    await page.getByRole('link', { name: /前悬挂/ }).click();
    await page.waitForURL((u) => u.pathname === '/search/newvin/parts');
    const table = page.getByLabel('配件', { exact: true });
    await table.getByText('稳定杆衬套').waitFor();
    await expect(table.locator('tbody tr')).toHaveCount(6);
    await page.getByRole('navigation', { name: '位置' }).getByRole('link', { name: '悬挂系统' }).waitFor();
    await settle(page);
    await e2e.shot(page, 'newvin-parts');

    await page.locator('input[name="parts-k"]').fill('减震');
    await page.locator('input[name="parts-k"]').press('Enter');
    await page.waitForURL((u) => u.pathname === '/search/newvin/partsKeyword');
    await page.getByText('“减震” 在本车型中找到 3 种配件').waitFor();
    await settle(page);
    await e2e.shot(page, 'newvin-parts-keyword');

    // a VIN no catalogue vehicle matches is still decoded, and says so
    await page.goto(`${e2e.url}/search/newvin/detail?vin=LSVAU2187N2123456`);
    await page.getByText(msg.vinNoVehicle).waitFor();
    await page.getByText('上汽大众').waitFor();
    await settle(page);
    await e2e.shot(page, 'newvin-no-match');
    await context.close();
  });

  it('finds a vehicle without a VIN: make → model → year and engine → catalogue', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    await page.goto(`${e2e.url}/search/vehicle`);
    await settle(page);
    await page.getByLabel('按车型选择').getByRole('link', { name: /^丰田/ }).click();
    await page.waitForURL((u) => new URL(u).searchParams.get('make') === '丰田');
    await page.getByRole('link', { name: '雷凌' }).click();
    await page.getByText('广汽丰田').waitFor();
    await settle(page);
    await e2e.shot(page, 'vehicle-pick');
    await page.getByRole('link', { name: '查看配件目录 ›' }).click();
    await page.waitForURL((u) => u.pathname === '/search/vehicle/subgroup');
    await page.getByText('广汽丰田 雷凌 1.8L 2ZR-FE').waitFor();
    // the 2ZR-FE drives its camshafts by chain
    const tree = page.getByRole('navigation', { name: '配件目录' });
    await tree.getByRole('link', { name: '正时链条传动' }).waitFor();
    await tree.getByRole('link', { name: '保养件' }).click();
    await page.waitForURL((u) => new URL(u).searchParams.has('group_id'));
    await page.getByLabel('分组列表').getByRole('link', { name: '滤清器' }).waitFor();
    await settle(page);
    await e2e.shot(page, 'vehicle-subgroup');
    await page.getByLabel('分组列表').getByRole('link', { name: '滤清器' }).click();
    await page.waitForURL((u) => u.pathname === '/search/vehicle/parts');
    await page.getByLabel('配件', { exact: true }).getByText('机油滤清器').waitFor();
    await settle(page);
    await e2e.shot(page, 'vehicle-parts');
    await context.close();
  });

  it('a registered member sees the decodes left go down', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'member');
    // without an approved trade circle the VIN tab is still the one shown on /search/vin
    await page.goto(`${e2e.url}/search/vin`);
    await page.getByText(msg.vinQuotaLeft(5)).waitFor();
    await page.locator('input[name="vin"]').fill(EPC_SAMPLE_VINS.sylphy);
    await page.locator('input[name="vin"]').press('Enter');
    await page.getByLabel('VIN解析结果').getByText(msg.vinQuotaLeft(4)).waitFor();
    // the line beside the box follows
    await expect.poll(() => page.getByText(msg.vinQuotaLeft(4)).count()).toBe(2);
    await settle(page);
    await e2e.shot(page, 'vin-member-quota');

    // the rest of the decodes bought, then the refusal in the page (not in the error modal)
    for (const serial of ['300001', '300002', '300003', '300004']) {
      const raw = EPC_SAMPLE_VINS.sylphy.slice(0, 11) + serial;
      await page.goto(`${e2e.url}/search/vin/detail?vin=${withCheckDigit(raw)}`);
      await page.getByLabel('VIN解析结果').waitFor();
    }
    await page.getByLabel('VIN解析结果').getByText(msg.vinQuotaLeft(0)).waitFor();
    await page.goto(`${e2e.url}/search/vin/detail?vin=${withCheckDigit(`${EPC_SAMPLE_VINS.sylphy.slice(0, 11)}300005`)}`);
    await page.getByRole('alert').filter({ hasText: msg.vinQuotaExhausted(5) }).waitFor();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await settle(page);
    await e2e.shot(page, 'vin-member-refused');
    await context.close();
  });
});
