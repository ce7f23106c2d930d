/**
 * The form kit's rule on real pages (docs/architecture.md, "Forms"): label above the field, the
 * Chinese message in red under the field it names, checked in the page before anything is sent
 * (the requests counted), the server's refusal under its `field`, the focus on the first bad
 * field, and what was typed kept (also through a reload where the form keeps a draft). Then each
 * converted form at 1366, 768 and 390 px: one column and full-width fields under 640 px.
 * Screenshots: forms-<page>-<width>, forms-login-error, forms-circle-error, forms-wanted-error,
 * forms-rate-error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { msg } from '../../src/shared/messages';
import { noSideScroll, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

/** Counts the page's calls of one endpoint (method and path under /api). */
const countCalls = (page: Page, method: string, path: string) => {
  const seen = { n: 0 };
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === `/api${path}`) seen.n += 1;
  });
  return seen;
};

/** A refusal as the server words one (mount.ts errorBody): 422, the Chinese message, the field. */
const refuseOnce = (page: Page, path: string, field: string, text: string) =>
  page.route(`**/api${path}`, (route) => route.fulfill({
    status: 422, contentType: 'application/json',
    body: JSON.stringify({ code: 422, msg: text, client_msg: text, data: null, field }),
  }), { times: 1 });

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** The message under a field: red, right below it, and the input says so to a screen reader. */
const expectUnder = async (page: Page, id: string, text: string) => {
  const error = page.locator(`#${id}-error`);
  await expect(error).toHaveText(text);
  // red once its style has settled (a message that replaced the field's hint in the same element
  // may pass through the hint's grey for a frame)
  await expect.poll(() => error.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(220, 38, 38)');
  const [field, message] = await Promise.all([page.locator(`#${id}`).boundingBox(), error.boundingBox()]);
  expect(message!.y).toBeGreaterThanOrEqual(field!.y + field!.height - 1);
};

describe('forms: checked before sending, refused under the field, nothing typed lost', () => {
  it('登录: empty fields are named under them and nothing is sent; a wrong password lands under 密码', async () => {
    const { context, page } = await e2e.newPage();
    const auth = countCalls(page, 'POST', '/user/auth');
    await page.goto(`${e2e.url}/login`);
    await page.getByRole('button', { name: msg.login }).click();
    await expectUnder(page, 'username', '请输入用户名');
    await expect(page.locator('#password-error')).toHaveText('请输入密码');
    expect(await focusedId(page)).toBe('username');
    // label above its field
    const [label, input] = await Promise.all([page.locator('label[for="username"]').boundingBox(), page.locator('#username').boundingBox()]);
    expect(label!.y + label!.height).toBeLessThanOrEqual(input!.y + 1);

    await page.locator('#username').fill('buyer');
    await expect(page.locator('#username-error')).toHaveCount(0);
    await page.locator('#password').fill('not-the-password');
    await page.getByRole('button', { name: msg.login }).click();
    await expect(page.locator('#password-error')).toHaveText(msg.badCredentials);
    expect(await focusedId(page)).toBe('password');
    await expect(page.locator('#username')).toHaveValue('buyer');
    await e2e.shot(page, 'forms-login-error');
    expect(auth.n).toBe(1);
    await context.close();
  });

  it('创建商圈: empty is named per field with no call; a name taken lands under 商圈名称; typed values survive a reload', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    const create = countCalls(page, 'POST', '/trade-circle/create');
    await page.goto(`${e2e.url}/trade/new`);
    const form = page.getByRole('form', { name: '创建商圈' });
    await form.getByRole('button', { name: '创建商圈' }).click();
    await expectUnder(page, 'circle-name', '请填写商圈名称');
    await expectUnder(page, 'circle-area', '请填写所在区域');
    expect(await focusedId(page)).toBe('circle-name');
    expect(create.n).toBe(0);

    await page.locator('#circle-name').fill('华南汽配商圈');
    await page.locator('#circle-area').fill('上海闵行');
    await page.locator('#circle-description').fill('闵行区修理厂互通库存');
    await form.getByRole('button', { name: '创建商圈' }).click();
    await expectUnder(page, 'circle-name', msg.circleNameTaken);
    expect(create.n).toBe(1);
    await expect(page.locator('#circle-area')).toHaveValue('上海闵行');
    await e2e.shot(page, 'forms-circle-error');

    // a reload keeps what was typed (the form's draft in this tab)
    await page.reload();
    await expect(page.locator('#circle-name')).toHaveValue('华南汽配商圈');
    await expect(page.locator('#circle-description')).toHaveValue('闵行区修理厂互通库存');
    await page.locator('#circle-name').fill('闵行汽配表单圈');
    await form.getByRole('button', { name: '创建商圈' }).click();
    await page.waitForURL((u) => /^\/trade\/\d+$/.test(u.pathname));
    // created: the draft is gone, the next form starts empty
    await page.goto(`${e2e.url}/trade/new`);
    await expect(page.locator('#circle-name')).toHaveValue('');
    await context.close();
  });

  it('发布求购: the required fields are named with no call; a refusal naming the VIN lands under VIN码, all kept', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    const publish = countCalls(page, 'POST', '/enquiry/wanted');
    await page.getByRole('button', { name: msg.publishWanted }).click();
    const dialog = page.getByRole('dialog', { name: msg.publishWanted });
    await dialog.getByRole('button', { name: '发布' }).click();
    await expectUnder(page, 'wanted-content', msg.wantedEmpty);
    await expect(page.locator('#wanted-make_id-error')).toHaveText(msg.chooseCarBrand);
    expect(await focusedId(page)).toBe('wanted-content');
    expect(publish.n).toBe(0);

    await dialog.locator('#wanted-content').fill('前刹车片 一套');
    await dialog.locator('.p-dropdown').click();
    await page.locator('.p-dropdown-filter').fill('大众');
    await page.getByRole('option', { name: /大众/ }).first().click();
    await dialog.locator('#wanted-vin').fill('LSVAU2180N2183294');
    await refuseOnce(page, '/enquiry/wanted', 'vin', 'VIN码与所选车型品牌不符');
    await dialog.getByRole('button', { name: '发布' }).click();
    await expectUnder(page, 'wanted-vin', 'VIN码与所选车型品牌不符');
    expect(publish.n).toBe(1);
    await expect(dialog.locator('#wanted-content')).toHaveValue('前刹车片 一套');
    await expect(dialog.locator('#wanted-vin')).toHaveValue('LSVAU2180N2183294');
    await expect(dialog.locator('.p-dropdown')).toContainText('大众');
    await e2e.shot(page, 'forms-wanted-error');
    await context.close();
  });

  it('汇率: an empty rate is named under its currency with no call; the server refusal lands there too, the value kept', async () => {
    const { context, page } = await e2e.operatorPage();
    const set = countCalls(page, 'POST', '/operation/exchange-rate');
    await page.goto(`${e2e.url}/operation/system/exchangerate`);
    const row = page.locator('form', { has: page.locator('#rate-VND') });
    await row.getByRole('button', { name: '设置汇率' }).click();
    await expectUnder(page, 'rate-VND', '汇率应为数字');
    expect(await focusedId(page)).toBe('rate-VND');
    expect(set.n).toBe(0);

    await page.locator('#rate-VND').fill('3999.25');
    await expect(page.locator('#rate-VND-error')).toHaveCount(0);
    await refuseOnce(page, '/operation/exchange-rate', 'rate_value', '汇率与上次相差过大，请核对后再设置');
    await row.getByRole('button', { name: '设置汇率' }).click();
    await expectUnder(page, 'rate-VND', '汇率与上次相差过大，请核对后再设置');
    await expect(page.locator('#rate-VND')).toHaveValue('3999.25');
    expect(set.n).toBe(1);
    await e2e.shot(page, 'forms-rate-error');
    await context.close();
  });
});

/** Every visible text field of a Field is as wide as its Field (a phone-width form is one column). */
const fieldsFullWidth = (page: Page) => page.evaluate(() => [...document.querySelectorAll('.form-field')]
  .filter((f) => (f as HTMLElement).offsetParent !== null)
  .flatMap((f) => {
    const input = f.querySelector(':scope > .p-inputtext, :scope > textarea, :scope > .p-dropdown, :scope > .p-password');
    if (!input) return [];
    const a = f.getBoundingClientRect();
    const b = input.getBoundingClientRect();
    return Math.abs(a.width - b.width) > 2 ? [`${input.id || f.querySelector('label')?.textContent}: ${Math.round(b.width)} of ${Math.round(a.width)}`] : [];
  }));

describe('forms at 1366, 768 and 390 px', () => {
  const pages: Array<{ name: string; user: string | null; path: string; ready: string }> = [
    { name: 'login', user: null, path: '/login', ready: '#username' },
    { name: 'circle-new', user: 'buyer', path: '/trade/new', ready: '#circle-name' },
    { name: 'seller-apply', user: 'buyer', path: '/apply/seller', ready: '#apply-company_name' },
    { name: 'quote-rules', user: 'seller', path: '/backend/quote/rules', ready: '#rule-valid_days' },
    { name: 'store', user: 'seller', path: '/backend/store', ready: '#intro' },
  ];
  for (const width of [1366, 768, 390]) {
    it(`${width} px: no sideways scroll; under 640 px every field is the form's full width`, async () => {
      let open: { context: BrowserContext; page: Page; user: string | null } | null = null;
      for (const p of pages) {
        if (!open || open.user !== p.user) {
          await open?.context.close();
          open = { ...(await e2e.newPage({ viewport: { width, height: width > 800 ? 900 : 1024 } })), user: p.user };
          if (p.user) await e2e.signIn(open.page, '/login', p.user);
        }
        const { page } = open;
        await page.goto(`${e2e.url}${p.path}`);
        await page.locator(p.ready).waitFor();
        await noSideScroll(page);
        if (width < 640) expect(await fieldsFullWidth(page), p.name).toEqual([]);
        await e2e.shot(page, `forms-${p.name}-${width}`);
      }
      await open?.context.close();
    });
  }
});
