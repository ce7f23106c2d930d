/**
 * Illustration search (图解) in the browser: a buyer on a 1024×768 touch tablet picks a
 * vehicle, opens a subgroup's drawing, taps a number (its row lights up) and follows the row to the
 * OE search; the same on a 390×844 phone with no sideways scroll; an operator places a number on a
 * drawing by a click, drags it and saves it. Screenshots at 1366, 1024 and 390: test-results/screenshots/illustration-*.png.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { illustrationText } from '../../src/shared/domain/illustration';
import { EPC_SAMPLE_VINS } from '../../src/server/db/seed-epc';
import { contextDefaults, startE2E, type E2E } from './harness';

let e2e: E2E;
let vehicleId: number;
let brakes: number;
let sensors: number;
beforeAll(async () => {
  e2e = await startE2E();
  const { rows } = await e2e.pglite.query<{ vehicle_id: number; id: number; name: string }>(
    `select sg.vehicle_id, sg.id, sg.name from epc_subgroup sg join epc_vehicle v on v.id = sg.vehicle_id where v.sort = 0`);
  vehicleId = rows[0].vehicle_id;
  brakes = rows.find((r) => r.name === '前轮制动器')!.id;
  sensors = rows.find((r) => r.name === '传感器')!.id;
});
afterAll(async () => e2e?.close());

const fits = (page: Page) => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
const fingerSized = async (l: Locator) => {
  const box = await l.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(40);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(40);
};

describe('illustration search', () => {
  it('desktop at 1024×768 touch: vehicle → subgroup → a tapped number lights its row, which leads to the OE search', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, ...contextDefaults });
    const page = await context.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    await page.goto(`${e2e.url}/search/parts/illustration`);
    await page.getByRole('link', { name: /大众 速腾/ }).first().waitFor();
    await fits(page);
    await e2e.shot(page, 'illustration-vehicles-1024');
    // the VIN search's decode picks the vehicle
    await page.getByRole('textbox', { name: 'VIN码' }).fill(EPC_SAMPLE_VINS.sagitar);
    await page.getByRole('button', { name: 'VIN查询' }).tap();
    await page.getByRole('link', { name: '查看图解' }).first().tap();
    await page.getByRole('navigation', { name: '分组' }).getByRole('link', { name: /前轮制动器/ }).tap();
    const diagram = page.getByTestId('ill-diagram');
    await diagram.locator('img').waitFor();
    await expect.poll(() => diagram.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    await fits(page);
    const spot = diagram.getByRole('button', { name: /^图号 2 / });
    await fingerSized(spot);
    await e2e.shot(page, 'illustration-desktop-1024');
    await spot.tap();
    await expect.poll(() => spot.getAttribute('aria-pressed')).toBe('true');
    const row = page.locator('table.ill-parts tbody tr[data-position="2"]');
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
    // and back: a row lights its number
    await page.locator('table.ill-parts tbody tr[data-position="3"] td').nth(2).tap();
    await expect.poll(() => diagram.getByRole('button', { name: /^图号 3 / }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => spot.getAttribute('aria-pressed')).toBe('false');

    // a subgroup without a drawing says so and still lists its parts
    await page.getByRole('navigation', { name: '分组' }).getByRole('link', { name: /传感器/ }).tap();
    await expect.poll(() => page.getByTestId('ill-no-diagram').textContent()).toContain(illustrationText.noDiagram);
    await expect.poll(() => page.locator('table.ill-parts tbody tr').count()).toBeGreaterThan(0);
    await e2e.shot(page, 'illustration-none-1024');

    await page.goto(`${e2e.url}/search/parts/illustration?vehicle_id=${vehicleId}&subgroup_id=${brakes}`);
    const oe = (await page.locator('table.ill-parts tbody tr[data-position="2"] td.vin-code a').textContent())!.trim();
    await page.locator('table.ill-parts tbody tr[data-position="2"] td.vin-code a').tap();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search/parts/oe');
    expect(new URL(page.url()).searchParams.get('code')).toBe(oe);

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${e2e.url}/search/parts/illustration?vehicle_id=${vehicleId}&subgroup_id=${brakes}`);
    await page.getByTestId('ill-diagram').locator('img').waitFor();
    await fits(page);
    await e2e.shot(page, 'illustration-desktop-1366');
    await context.close();
  });

  it('phone at 390×844: a tapped number shows the part and the way to search it, with no sideways scroll', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, ...contextDefaults });
    const page = await context.newPage();
    await e2e.signIn(page, '/im/login', 'buyer');
    await page.goto(`${e2e.url}/im/illustration`);
    await page.getByRole('link', { name: /速腾/ }).first().waitFor();
    await fits(page);
    await e2e.shot(page, 'illustration-mobile-vehicles-390');
    await page.getByRole('link', { name: /速腾/ }).first().tap();
    await page.getByRole('link', { name: /前轮制动器/ }).tap();
    const diagram = page.getByTestId('ill-diagram');
    await diagram.locator('img').waitFor();
    await fits(page);
    const spot = diagram.getByRole('button', { name: /^图号 1 / });
    await fingerSized(spot);
    await spot.tap();
    const card = page.getByTestId('m-ill-part');
    await expect.poll(() => card.textContent()).toContain('图号 1');
    const search = card.getByRole('link', { name: '搜索此OE号' });
    await fingerSized(search);
    await fits(page);
    await e2e.shot(page, 'illustration-mobile-390');
    await search.tap();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/ofo/search');
    await context.close();
  });

  it('an operator removes a number from a drawing, places it again by a click, drags it and saves (one audit row)', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, ...contextDefaults });
    const page = await context.newPage();
    await e2e.signIn(page, '/login', 'operator');
    await page.goto(`${e2e.url}/operation/product/epc`);
    await page.getByRole('link', { name: /编辑图解 大众 速腾/ }).waitFor();
    await fits(page);
    await e2e.shot(page, 'illustration-operator-list-1024');
    await page.getByRole('link', { name: /编辑图解 大众 速腾/ }).tap();
    await page.getByRole('navigation', { name: '分组' }).getByRole('link', { name: /前轮制动器/ }).tap();
    const diagram = page.getByTestId('ill-diagram');
    await diagram.locator('img').waitFor();
    await page.getByRole('button', { name: '删除图号 2' }).tap();
    await expect.poll(() => diagram.getByRole('button', { name: /^图号 2 / }).count()).toBe(0);
    await page.locator('table.op-ill-parts tr[data-position="2"]').getByRole('button', { name: '放置' }).tap();
    const box = (await diagram.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.1, box.y + box.height * 0.9);
    const two = diagram.getByRole('button', { name: /^图号 2 / });
    await expect.poll(() => two.count()).toBe(1);
    // and drags it a little to the right
    const b = (await two.boundingBox())!;
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.85, { steps: 6 });
    await page.mouse.up();
    await page.getByRole('button', { name: '保存图号' }).tap();
    await expect.poll(() => page.getByTestId('op-status').first().textContent()).toContain('图号已保存');
    await fits(page);
    await e2e.shot(page, 'illustration-operator-1024');
    const { rows: [h] } = await e2e.pglite.query<{ x: number; y: number }>('select x, y from epc_hotspot where subgroup_id = $1 and position = 2', [brakes]);
    expect(h.x).toBeCloseTo(0.3, 1);
    expect(h.y).toBeCloseTo(0.85, 1);
    const { rows: [a] } = await e2e.pglite.query<{ n: number }>(`select count(*)::int as n from operator_audit where entity = 'epc_diagram' and entity_id = $1`, [String(brakes)]);
    expect(a.n).toBe(1);
    await page.goto(`${e2e.url}/operation/product/epc/${vehicleId}?subgroup_id=${sensors}`);
    await expect.poll(() => page.getByTestId('ill-no-diagram').textContent()).toContain('上传');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${e2e.url}/operation/product/epc/${vehicleId}?subgroup_id=${brakes}`);
    await page.getByTestId('ill-diagram').locator('img').waitFor();
    await fits(page);
    await e2e.shot(page, 'illustration-operator-1366');
    await context.close();
  });
});
