/**
 * The open platform's guide at /open and the partner API's reference page (docs/open-platform.md,
 * "The document"): the guide with its signing examples and the partner calls read from the
 * document, at 1366, 1024, 768 and 390 px; the reference page draws the partner calls from our own
 * copy of Scalar with the site's CSP (no violation, nothing fetched from another origin), and the
 * service worker's precache never holds that bundle.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFits, DEVICE_SIZES, startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

const SIZES = DEVICE_SIZES;

describe('/open and the partner reference', () => {
  it.each(SIZES)('at $name px /open explains keys, signing (curl and Node), scopes, errors, versions and lists the partner calls', async ({ name, ...options }) => {
    const { context, page } = await e2e.newPage(options);
    try {
      await page.goto(`${e2e.url}/open`);
      await expect(page.getByRole('heading', { level: 1, name: '汽配汇开放平台' })).toBeVisible();
      for (const h of ['获取密钥', '签名调用', '授权范围', '错误码', '频率限制', '版本规则', '接口更新记录']) await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
      await expect(page.getByRole('link', { name: '申请密钥' })).toHaveAttribute('href', '/open/controlPanel');
      await expect(page.getByRole('link', { name: '接口参考' }).first()).toHaveAttribute('href', '/api/open/v1/docs');
      // the examples name this site and the four headers
      const curl = page.locator('figure', { hasText: 'curl 示例' });
      await expect(curl).toContainText(`curl -sS -X "$METHOD" '${e2e.url}'`);
      await expect(curl).toContainText('X-Open-Signature: $SIGN');
      await expect(page.locator('figure', { hasText: 'Node.js 示例' })).toContainText("createHmac('sha256', SECRET)");
      // the calls come from the partner document
      await expect(page.getByRole('cell', { name: /GET \/api\/open\/v1\/stock\/search/ })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'stock:write' }).first()).toBeVisible();
      await docFits(page);
      await e2e.shot(page, `open-docs-${name}`, { view: name !== '1366' });
    } finally {
      await context.close();
    }
  });

  it('the reference page draws the partner calls with our own Scalar, within the CSP, nothing from elsewhere', async () => {
    const { context, page } = await e2e.newPage({ viewport: { width: 1366, height: 900 } });
    try {
      const foreign: string[] = [];
      const violations: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(e2e.url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) foreign.push(r.url());
      });
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
      });
      const answer = await page.goto(`${e2e.url}/api/open/v1/docs`);
      expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
      // the operations' summaries and the document's title, drawn by Scalar
      await expect(page.getByText('汽配汇开放平台 API').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('本公司库存查询').first()).toBeVisible();
      await expect(page.getByText('/api/open/v1/stock/search').first()).toBeVisible();
      await e2e.shot(page, 'open-reference-1366', { view: true });
      expect(violations).toEqual([]);
      expect(foreign).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the service worker never precaches the reference bundle', () => {
    const sw = readFileSync(join(resolve(process.env.E2E_DIST ?? 'dist'), 'sw.js'), 'utf8');
    expect(sw).not.toMatch(/standalone\.js|scalar/i);
    expect(sw).toContain('/api/');
  });
});
