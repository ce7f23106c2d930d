/**
 * The open platform's console and the operator's 接口 pages (docs/open-platform.md, "Keys and
 * signing"): the seller creates a key at /open/controlPanel and sees its secret once, the test
 * signs a call with it (signOpenRequest, in Node) and finds that call in the log; a clerk without
 * M07 is told who may manage keys; the operator sees the key at interface/list and its calls at
 * interface/secretKey/log. At 1366, 1024, 768 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOpenRequest } from '../../src/shared/domain/open-signature';
import { openText } from '../../src/shared/contracts/open';
import { docFits, DEVICE_SIZES, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

// the desktop taller: the secret's dialog and the key list in one view
const SIZES = DEVICE_SIZES.map((s) => (s.name === '1366' ? { ...s, viewport: { width: 1366, height: 900 } } : s));

describe('open-platform keys', () => {
  let keyId = '';
  it('the seller creates a key, sees the secret once, a signed call shows in the log', async () => {
    const { context, page } = await e2e.newPage();
    try {
      await e2e.signIn(page, '/login', 'seller');
      await page.goto(`${e2e.url}/open/controlPanel`);
      await expect(page.getByRole('heading', { level: 1, name: '开放平台控制台' })).toBeVisible();
      await expect(page.getByText('还没有接口密钥')).toBeVisible();
      await page.getByTestId('open-create').click();
      // refused in the page: no name, no scope
      await page.getByTestId('open-create-save').click();
      await expect(page.locator('#open-name-error')).toBeVisible();
      await page.locator('#open-name').fill('用友 ERP');
      await page.getByRole('checkbox', { name: /读取本公司信息/ }).check();
      await page.getByRole('checkbox', { name: /读取库存/ }).check();
      await e2e.shot(page, 'open-keys-create-1366');
      await page.getByTestId('open-create-save').click();
      await expect(page.getByText('Secret 只显示这一次')).toBeVisible();
      keyId = (await page.getByTestId('open-key-id').innerText()).trim();
      const secret = (await page.getByTestId('open-secret').innerText()).trim();
      expect(secret).toMatch(/^sk_/);
      await e2e.shot(page, 'open-keys-secret-1366');
      await page.getByTestId('open-secret-close').click();
      // listed, the secret nowhere on the page any more
      await expect(page.getByTestId('open-keys')).toContainText('用友 ERP');
      expect(await page.content()).not.toContain(secret);

      const path = '/api/open/v1/company';
      const headers = await signOpenRequest({ keyId, secret, method: 'GET', pathWithQuery: path });
      const res = await fetch(`${e2e.url}${path}`, { headers });
      const body = (await res.json()) as { code: number; data: { id: number; is_seller: boolean } };
      expect(res.status).toBe(200);
      expect(body.data).toMatchObject({ id: 2, is_seller: true });
      const again = await fetch(`${e2e.url}${path}`, { headers });
      expect(((await again.json()) as { msg: string }).msg).toBe(openText.replayedNonce);

      await page.getByRole('link', { name: '调用记录' }).first().click();
      await expect(page.getByRole('heading', { name: '调用记录' })).toBeVisible();
      await expect(page.getByText('GET /api/open/v1/company').first()).toBeVisible();
      await expect(page.getByText('401').first()).toBeVisible();
      await e2e.shot(page, 'open-keys-log-1366');
    } finally {
      await context.close();
    }
  });

  it.each(SIZES)('at $name px the console fits and keeps its actions', async ({ name, ...options }) => {
    const { context, page } = await e2e.newPage(options);
    try {
      await e2e.signIn(page, '/login', 'seller');
      await page.goto(`${e2e.url}/open/controlPanel`);
      await expect(page.getByTestId('open-keys')).toContainText('用友 ERP');
      await expect(page.getByRole('button', { name: '轮换 用友 ERP' })).toBeVisible();
      await docFits(page);
      await e2e.shot(page, `open-keys-${name}`, { view: name !== '1366' });
    } finally {
      await context.close();
    }
  });

  it('a clerk without M07 is told who may manage keys', async () => {
    const { context, page } = await e2e.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      await e2e.signIn(page, '/login', 'clerk');
      await page.goto(`${e2e.url}/open/controlPanel`);
      await expect(page.getByTestId('open-denied')).toContainText(openText.manageOnly);
      await e2e.shot(page, 'open-keys-denied-390', { view: true });
    } finally {
      await context.close();
    }
  });

  it('the operator sees the key at interface/list and its calls at interface/secretKey/log', async () => {
    const { context, page } = await e2e.operatorPage('operator');
    try {
      await page.goto(`${e2e.url}/operation/interface/list`);
      await expect(page.getByText('用友 ERP').first()).toBeVisible();
      await expect(page.getByText('广州骏达汽车配件有限公司').first()).toBeVisible();
      await e2e.shot(page, 'open-keys-op-list-1024');
      await page.goto(`${e2e.url}/operation/interface/secretKey/log/${keyId}`);
      await expect(page.getByText('GET /api/open/v1/company').first()).toBeVisible();
      await e2e.shot(page, 'open-keys-op-log-1024');
      await page.goto(`${e2e.url}/operation/interface/permission`);
      await expect(page.getByRole('combobox', { name: '注册会员 的权限组' })).toHaveValue('0');
    } finally {
      await context.close();
    }
  });
});
