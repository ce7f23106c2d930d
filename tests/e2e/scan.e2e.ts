/**
 * The camera scan beside the OE box, against a fake camera: Chromium plays a generated
 * video of a parts label's QR code as its camera (--use-file-for-fake-video-capture), the page
 * reads it through the zxing-wasm reader served from our own build (headless Linux Chromium has no
 * native BarcodeDetector), and the OE number lands in the box, normalised, to edit before searching.
 * Without a camera the page says so in Chinese and the typed box still works.
 * Screenshot: scan-result.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { encodeQr } from '../../src/client/ui/qr';
import { chromiumOptions } from './browser';
import { startE2E, type E2E } from './harness';

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
beforeAll(async () => {
  e2e = await startE2E();
  dir = mkdtempSync(join(tmpdir(), 'qph-scan-'));
  const video = join(dir, 'label.y4m');
  writeFileSync(video, labelVideo('7L0-698-151 A'));
  camera = await chromium.launch({
    ...chromiumOptions,
    args: [...(chromiumOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
});
afterAll(async () => {
  await camera?.close();
  await e2e?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('camera scan', () => {
  it('reads the QR code on a label into the OE box, normalised, and searches it only when asked', async () => {
    const context = await camera.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, locale: 'zh-CN' });
    await context.grantPermissions(['camera'], { origin: e2e.url });
    const page = await context.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    const box = page.locator('textarea[name="oe"]');
    await page.getByRole('button', { name: '扫码输入OE号' }).click();
    await expect.poll(() => box.inputValue(), { timeout: 20_000 }).toBe('7L0698151A');
    await expect(page.getByRole('dialog', { name: '扫码输入OE号' })).toHaveCount(0);
    // nothing searched yet: the code can be edited first
    expect(new URL(page.url()).pathname).toBe('/search/parts');
    await e2e.shot(page, 'scan-result');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/search/parts/oe' && u.searchParams.get('code') === '7L0698151A');
    await context.close();
  });

  it('without a camera says so in Chinese, and the typed box still searches', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    await page.getByRole('button', { name: '扫码输入OE号' }).click();
    const dialog = page.getByRole('dialog', { name: '扫码输入OE号' });
    await expect(dialog.getByRole('alert')).toHaveText(/请直接输入OE号$/);
    await dialog.getByRole('button', { name: '关闭' }).click();
    await expect(dialog).toHaveCount(0);
    await page.locator('textarea[name="oe"]').fill('7L0698151A');
    await page.locator('textarea[name="oe"]').press('Enter');
    await page.waitForURL((u) => u.pathname === '/search/parts/oe');
    await context.close();
  });
});
