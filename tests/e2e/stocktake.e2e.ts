/**
 * 盘点 on a warehouse tablet (docs/warehouse.md "Stocktake"), against a fake camera: Chromium plays
 * a generated video of a label's QR code as its camera (--use-file-for-fake-video-capture); the file
 * is rewritten before each scan, and each scan opens the camera anew, so it reads the next label. A
 * clerk at 1024×768 (touch) scans a shelf label, goes offline, scans 10 parts' labels and types
 * their counts (kept on the device, 待同步), comes back online: the outbox sends each count once
 * and the page shows 已同步 / 有差异. The owner then approves the differences into the location.
 * Screenshots: stocktake-offline, stocktake-1366, stocktake-1024, stocktake-390, stocktake-diffs-1024, stocktake-diffs-390.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { encodeQr } from '../../src/client/ui/qr';
import { chromiumOptions } from './browser';
import { contextDefaults, shotsAtSizes, startE2E, type E2E } from './harness';

const W = 640;
const H = 480;

/** A few frames of YUV 4:2:0 video: black QR modules, 8 px each, on white, centred. */
const labelVideo = (text: string) => {
  const q = encodeQr(text);
  const cell = 8;
  const side = (q.size + 8) * cell;
  const left = Math.floor((W - side) / 2);
  const top = Math.floor((H - side) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (let r = 0; r < q.size; r++) {
    for (let c = 0; c < q.size; c++) {
      if (!q.dark[r][c]) continue;
      for (let dy = 0; dy < cell; dy++) y.fill(16, (top + (r + 4) * cell + dy) * W + left + (c + 4) * cell, (top + (r + 4) * cell + dy) * W + left + (c + 5) * cell);
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 5 }, () => frame)]);
};

let e2e: E2E;
let camera: Browser;
let dir: string;
let video: string;
/** the label the camera shows next (written whole, then moved into place) */
const showLabel = (text: string) => {
  writeFileSync(`${video}.next`, labelVideo(text));
  renameSync(`${video}.next`, video);
};

interface Part { id: number; supplier_oe: string }
let parts: Part[];
let locationId: number;

beforeAll(async () => {
  e2e = await startE2E();
  dir = mkdtempSync(join(tmpdir(), 'qph-stocktake-'));
  video = join(dir, 'label.y4m');
  showLabel('A-01-01');
  camera = await chromium.launch({
    ...chromiumOptions,
    args: [...(chromiumOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  // company 2's warehouse with one shelf of three locations; ten rows (each the only one of its OE number) placed at A-01-01, 5 each
  const { rows: [wh] } = await e2e.pglite.query<{ id: number }>(`insert into warehouse (company_id, name) values (2, '一号仓') returning id`);
  const { rows: locs } = await e2e.pglite.query<{ id: number; code: string }>(
    `insert into warehouse_location (company_id, warehouse_id, code) values (2, $1, 'A-01-01'), (2, $1, 'A-01-02'), (2, $1, 'A-01-03') returning id, code`, [wh.id]);
  locationId = locs.find((l) => l.code === 'A-01-01')!.id;
  parts = (await e2e.pglite.query<Part>(`
    select min(id)::int as id, min(supplier_oe) as supplier_oe from stock where company_id = 2 and state = 'on' and length(oe_norm) between 6 and 20
    group by oe_norm having count(*) = 1 order by oe_norm limit 10`)).rows;
  expect(parts).toHaveLength(10);
  for (const p of parts) await e2e.pglite.query(`insert into stock_location (stock_id, location_id, company_id, quantity) values ($1, $2, 2, 5)`, [p.id, locationId]);
}, 240_000);
afterAll(async () => {
  await camera?.close();
  await e2e?.close();
  rmSync(dir, { recursive: true, force: true });
});

const countsInDb = async () => (await e2e.pglite.query<{ n: number; keys: number }>(`select count(*)::int as n, count(distinct client_key)::int as keys from stocktake_count`)).rows[0];

describe('盘点 on a tablet', () => {
  it('counts 10 scanned parts offline, sends each count once when back online, and the owner approves the differences', async () => {
    const context = await camera.newContext({ ...contextDefaults, viewport: { width: 1024, height: 768 }, hasTouch: true });
    await context.grantPermissions(['camera'], { origin: e2e.url });
    const page = await context.newPage();
    await e2e.signIn(page, '/login', 'clerk');
    await page.goto(`${e2e.url}/backend/product/stocktake`);
    await page.getByRole('button', { name: /一号仓\s*开始盘点/ }).click();
    await page.waitForURL((u) => u.searchParams.has('take'));
    const take = Number(new URL(page.url()).searchParams.get('take'));

    // the shelf label, online (the camera's reader loads now)
    await page.getByRole('button', { name: '扫描库位标签' }).click();
    await expect(page.getByTestId('st-location')).toContainText('A-01-01', { timeout: 30_000 });

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: '离线：盘点数量记在本机' })).toBeVisible();
    for (const [i, p] of parts.entries()) {
      showLabel(p.supplier_oe);
      await page.getByRole('button', { name: '扫描配件标签' }).click();
      await expect(page.getByTestId('st-part')).toContainText(p.supplier_oe, { timeout: 30_000 });
      // two shelves are short by one
      await page.getByLabel('盘点数量').fill(i < 2 ? '4' : '5');
      await page.getByRole('button', { name: '确认，下一个' }).click();
      await expect(page.getByRole('status').filter({ hasText: `${p.supplier_oe} 盘点数量` })).toContainText('已记在本机');
    }
    const rows = page.getByTestId('st-count');
    await expect(rows).toHaveCount(10);
    await expect(page.locator('[data-testid="st-count"][data-state="queued"]')).toHaveCount(10);
    await expect(page.locator('.st-sync')).toHaveText('10 条待同步');
    expect((await countsInDb()).n).toBe(0);
    await e2e.shot(page, 'stocktake-offline', { view: true });

    await context.setOffline(false);
    await expect.poll(countsInDb, { timeout: 60_000 }).toEqual({ n: 10, keys: 10 });
    // the server's answers: two shelves short by one, the rest as expected
    const { rows: deltas } = await e2e.pglite.query<{ delta: number }>(`select delta from stocktake_count order by delta`);
    expect(deltas.map((d) => d.delta)).toEqual([-1, -1, 0, 0, 0, 0, 0, 0, 0, 0]);
    const states = () => page.locator('[data-testid="st-count"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-state')).sort().join(','));
    await expect.poll(states, { timeout: 60_000 }).toBe(['diff', 'diff', ...Array(8).fill('synced')].join(','));
    await expect(page.locator('.st-sync')).toHaveText('已全部同步');
    // a reload sends nothing again
    await page.reload();
    await expect(rows).toHaveCount(10);
    expect(await countsInDb()).toEqual({ n: 10, keys: 10 });
    await shotsAtSizes(e2e, page, 'stocktake', [1024, 768]);
    await context.close();

    // the owner approves the two differences into the location
    const owner = await e2e.newPage({ viewport: { width: 1024, height: 768 }, hasTouch: true });
    await e2e.signIn(owner.page, '/login', 'seller');
    await owner.page.goto(`${e2e.url}/backend/product/stocktake?take=${take}&view=diff`);
    await expect(owner.page.locator('[data-testid="st-diff"][data-state="pending"]')).toHaveCount(2);
    await owner.page.getByRole('button', { name: '全部通过（2）' }).click();
    await expect(owner.page.getByRole('status').filter({ hasText: '已通过 2 条差异' })).toBeVisible();
    await expect(owner.page.locator('[data-testid="st-diff"][data-state="approved"]')).toHaveCount(2);
    const { rows: placed } = await e2e.pglite.query<{ quantity: number }>(
      `select quantity from stock_location where location_id = $1 and stock_id = any($2::int[]) order by stock_id`, [locationId, parts.slice(0, 2).map((p) => p.id)]);
    expect(placed).toEqual([{ quantity: 4 }, { quantity: 4 }]);
    await e2e.shot(owner.page, 'stocktake-diffs-1024');
    await owner.page.setViewportSize({ width: 390, height: 844 });
    await e2e.shot(owner.page, 'stocktake-diffs-390');
    await owner.context.close();
  }, 600_000);
});
