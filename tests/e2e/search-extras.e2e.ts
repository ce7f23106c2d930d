/**
 * Browser end-to-end for the search page's extras: announcement and ads, the part-brand picker as
 * a filter of keyword results, server-side sorting by column header and the price / stock filter
 * bar, and publishing a wanted request (发布求购) with an image, seen
 * afterwards in 我的求购. Screenshots: search-extras, brand-picker, brand-filtered, circle-brand,
 * keyword-sorted, keyword-filtered,
 * dismantle-results, wanted-dialog, wanted-published, wanted-list, quote-zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { forbiddenMsg, msg } from '../../src/shared/messages';
import { join } from 'node:path';
import { shotsDir, startE2E, type E2E, saveScreenshot } from './harness';
import { searchInTab } from './search-tabs';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

/** a real PNG drawn by the browser itself: 240×160 with a part name on it */
const drawPng = (page: Page) =>
  page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 240;
    c.height = 160;
    const g = c.getContext('2d')!;
    g.fillStyle = '#1565c0';
    g.fillRect(0, 0, 240, 160);
    g.fillStyle = '#fff';
    g.font = '32px sans-serif';
    g.fillText('前刹车片', 40, 90);
    return c.toDataURL('image/png').split(',')[1];
  });

describe('search page extras', () => {
  it('shows the announcement box and the ad images of JQR002 and CJ000, and JQR001 to a trial member only', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    await page.getByRole('note').getByText('汽配汇新版上线').waitFor();
    const ads = page.getByRole('region', { name: '广告' }).or(page.locator('[aria-label="广告"]'));
    for (const code of ['JQR002', 'CJ000']) {
      const img = ads.locator(`a[data-ad="${code}"] img`);
      await img.waitFor();
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    // JQR001 invites to a trial: a formal member is not shown it (docs/architecture.md, "Landing per role")
    await expect(ads.locator('a[data-ad="JQR001"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: msg.publishWanted })).toBeVisible();
    await e2e.shot(page, 'search-extras');
    await context.close();

    // a clerk (no C07/C15) sees the ads but no 发布求购
    const clerk = await e2e.newPage();
    await e2e.signIn(clerk.page, '/login', 'clerk');
    await clerk.page.locator('a[data-ad="CJ000"] img').waitFor();
    await expect(clerk.page.getByRole('button', { name: msg.publishWanted })).toHaveCount(0);
    await clerk.context.close();

    // a trial member is shown the trial slot
    const trial = await e2e.newPage();
    await e2e.signIn(trial.page, '/login', 'trial');
    const trialAd = trial.page.locator('a[data-ad="JQR001"] img');
    await trialAd.waitFor();
    await expect.poll(() => trialAd.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await trial.context.close();
  });

  it('a search that finds nothing says so and offers what finds something: a nearby query, 发布求购 filled in; an OE nobody stocks likewise', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    const results = await searchInTab(page, '关键词搜索', '前刹车片子', { exact: true });
    await results.getByText('没有找到与“前刹车片子”相关的配件').waitFor();
    await expect(results.locator('.p-datatable')).toHaveCount(0);
    await e2e.shot(page, 'search-empty');
    // 发布求购 opens with what was searched for
    await results.getByRole('button', { name: msg.publishWanted }).click();
    const dialog = page.getByRole('dialog', { name: msg.publishWanted });
    await expect(dialog.locator('textarea')).toHaveValue('前刹车片子');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // the dictionary's name is offered and finds rows
    await results.getByRole('button', { name: '前刹车片', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('k') === '前刹车片');
    await expect.poll(() => results.locator('tbody tr').count()).toBeGreaterThan(0);
    await expect(results.getByText('没有找到')).toHaveCount(0);
    // an OE number no seller has
    await page.goto(`${e2e.url}/search/parts/oe?code=ZZ00000001`);
    const group = page.getByRole('region', { name: 'OE ZZ00000001' });
    await group.getByText('暂无卖家报价 ZZ00000001').waitFor();
    await expect(group.getByRole('link', { name: '查找以 ZZ00000001 开头的编号' })).toBeVisible();
    await expect(group.getByRole('button', { name: msg.publishWanted })).toBeVisible();
    await context.close();
  });

  it('the brand picker pages brands, says 暂无相关结果 for no match, and filters the keyword results', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    const results = await searchInTab(page, '关键词搜索', '刹车片');
    await results.locator('tbody tr').first().waitFor();
    // the total of the status line (the rest of it, the fetch time, changes by itself)
    const totalOf = async () => /共 (\S+) 条/.exec(await results.getByRole('status').innerText())?.[1];
    await expect(results.getByRole('status')).toHaveText(/“刹车片”.*共 \S+ 条/);
    const before = await totalOf();
    // results pages leave the ads out, so the results start right under the box
    await expect(page.locator('a[data-ad]')).toHaveCount(0);

    // three more brands than the seed's, the last of them TRW: 20 a page, the rest on the second
    await e2e.pglite.query(`insert into part_brand (name) select n from unnest(array['伦福德', '摩腾', 'TRW']) n
      where not exists (select 1 from part_brand b where b.name = n)`);
    const { rows: [{ n: brandCount }] } = await e2e.pglite.query<{ n: number }>('select count(*)::int as n from part_brand where active');
    expect(brandCount).toBeGreaterThan(20);
    expect(brandCount).toBeLessThanOrEqual(40);
    await page.getByRole('button', { name: '选择品牌' }).click();
    const dialog = page.getByRole('dialog', { name: '选择配件品牌' });
    const list = dialog.getByRole('list', { name: '配件品牌列表' });
    await list.getByRole('button').first().waitFor();
    await expect(list.getByRole('button')).toHaveCount(20);
    await saveScreenshot(page, { path: join(shotsDir, 'brand-picker.png') });
    // the second page holds the rest
    await dialog.getByRole('button', { name: '2' }).click();
    await expect.poll(() => list.getByRole('button').count()).toBe(brandCount - 20);
    await list.getByRole('button', { name: 'TRW' }).waitFor();

    const search = dialog.locator('input[name="brand-keyword"]');
    await search.fill('没有这个品牌');
    await dialog.getByText(msg.noResults).waitFor();

    // a brand that the unfiltered results show
    const brand = (await e2e.pglite.query<{ id: number; name: string }>(
      `select b.id, b.name from stock s join part_brand b on b.id = s.part_brand_id join part_quality q on q.id = s.quality_id
       where s.name like '%刹车片%' and not q.is_original group by b.id, b.name order by count(*) desc limit 1`)).rows[0];
    await search.fill(brand.name);
    const answer = page.waitForResponse((r) => r.url().includes('/api/search/keyword') && r.url().includes(`brand_id=${brand.id}`));
    await list.getByRole('button', { name: brand.name, exact: true }).click();
    const body = await (await answer).json() as { data: { rows: { part_brand_name: string }[]; total: number } };
    expect(body.data.rows.length).toBeGreaterThan(0);
    expect(new Set(body.data.rows.map((r) => r.part_brand_name))).toEqual(new Set([brand.name]));
    await page.waitForURL((u) => u.searchParams.get('brand_id') === String(brand.id));
    await page.getByRole('group', { name: '配件品牌筛选' }).getByText(brand.name, { exact: true }).waitFor();
    await expect.poll(totalOf).not.toBe(before);
    // the brand cell: the brand over the quality, or the 原厂件 label
    const brands = async () => (await results.locator('tbody tr td.stock-col-brand .stock-brand').allInnerTexts()).map((t) => t.trim());
    await expect.poll(brands).toSatisfy((bs: string[]) => bs.length > 0 && bs.every((b) => b === brand.name || b === '原厂件'));
    await saveScreenshot(page, { path: join(shotsDir, 'brand-filtered.png') });

    // the filter survives a reload and can be cleared
    await page.reload();
    await page.getByRole('group', { name: '配件品牌筛选' }).getByText(brand.name, { exact: true }).waitFor();
    await page.getByRole('button', { name: '清除品牌' }).click();
    await page.waitForURL((u) => !u.searchParams.has('brand_id'));
    await page.getByRole('group', { name: '配件品牌筛选' }).getByText('全部').waitFor();
    await context.close();
  });

  it('clicking a column header re-sorts on the server; sort and filters stay in the address across reloads and pages', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    const results = await searchInTab(page, '关键词搜索', '滤清器');
    await results.locator('tbody tr').first().waitFor();
    await expect(results.locator('thead')).toContainText('数量');
    const headers = await results.locator('thead th').allInnerTexts();
    const qtyCol = headers.findIndex((h) => h.trim() === '数量') + 1;
    expect(qtyCol).toBeGreaterThan(0);
    const quantities = async () =>
      (await results.locator(`tbody tr td:nth-child(${qtyCol})`).allInnerTexts()).map((t) => (t.includes('无货') ? 0 : Number.parseInt(t, 10)));

    const asked = (order: string) => page.waitForResponse((r) => r.url().includes('/api/search/keyword') && r.url().includes('sort_field=quantity') && r.url().includes(`sort_order=${order}`));
    let answer = asked('asc');
    await results.locator('thead th', { hasText: '数量' }).click();
    await answer;
    await page.waitForURL((u) => u.searchParams.get('sort_field') === 'quantity' && u.searchParams.get('sort_order') === 'asc');
    const ascending = (q: number[]) => q.length > 0 && q.every((x, i) => i === 0 || q[i - 1] <= x);
    await expect.poll(async () => ascending(await quantities())).toBe(true);
    answer = asked('desc');
    await results.locator('thead th', { hasText: '数量' }).click();
    await answer;
    await page.waitForURL((u) => u.searchParams.get('sort_order') === 'desc');
    // the server sorted the whole result, not this page: the top is the largest stock of them all
    // (polled: the table shows the ascending page until the new answer is drawn)
    const top = (await e2e.pglite.query<{ q: number }>(`select max(quantity) as q from stock where name like '%滤清器%' and state = 'on'`)).rows[0].q;
    await expect.poll(async () => (await quantities())[0]).toBe(top);
    const desc = await quantities();
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    await results.getByRole('status').getByText('按数量从高到低').waitFor();

    // the filter bar: a reversed range is refused in the page, a good one narrows the results
    const filters = page.getByRole('form', { name: '价格和库存筛选' });
    // typed key by key, as a person does: the number box formats as it goes
    const typeInto = async (label: string, text: string) => {
      const input = filters.getByLabel(label);
      await input.fill('');
      await input.pressSequentially(text);
    };
    await typeInto('最低库存', '30');
    await typeInto('最高库存', '10');
    await filters.getByRole('button', { name: '筛选', exact: true }).click();
    await filters.getByRole('alert').getByText('最低库存不能高于最高库存').waitFor();
    expect(new URL(page.url()).searchParams.has('min_stock_qty')).toBe(false);
    await typeInto('最低库存', '5');
    await typeInto('最高库存', '20');
    await typeInto('最低价格（元）', '50');
    await filters.getByRole('button', { name: '筛选', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('min_stock_qty') === '5' && u.searchParams.get('max_stock_qty') === '20' && u.searchParams.get('min_price') === '50');
    await expect.poll(async () => (await quantities()).every((q) => q >= 5 && q <= 20)).toBe(true);
    const filtered = await quantities();
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered).toEqual([...filtered].sort((a, b) => b - a));
    // the table, 联系卖家 and cart buttons included, fits the window: no sideways scrolling at 1366 px
    const wrapper = results.locator('.p-datatable-wrapper').first();
    await expect.poll(() => wrapper.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await e2e.shot(page, 'keyword-sorted');

    // a reload and the next page keep the sort and the filters
    await page.reload();
    await results.getByRole('status').getByText('按数量从高到低').waitFor();
    await expect(filters.getByLabel('最低库存')).toHaveValue('5');
    const paged = page.waitForResponse((r) => r.url().includes('/api/search/keyword') && r.url().includes('page_number=2') && r.url().includes('min_stock_qty=5') && r.url().includes('sort_order=desc'));
    await results.locator('.p-paginator-next').click();
    await paged;
    await page.waitForURL((u) => u.searchParams.get('page_number') === '2' && u.searchParams.get('sort_field') === 'quantity');
    await expect.poll(async () => (await quantities())[0]).toBeLessThanOrEqual(filtered.at(-1)!);
    await e2e.shot(page, 'keyword-filtered');
    await filters.getByRole('button', { name: '清除筛选' }).click();
    await page.waitForURL((u) => !u.searchParams.has('min_stock_qty') && u.searchParams.get('sort_field') === 'quantity');

    // an address with the names the page used before (a bookmark, a shared link) lands, in place,
    // on the same search under the new names, its filters and sort applied
    const before = page.url();
    const oldAsked = page.waitForResponse((r) => r.url().includes('/api/search/keyword') && ['price_colum_name=price99', 'min_price=5000', 'max_price=80000', 'sort_field=price3', 'sort_order=desc'].every((x) => r.url().includes(x)));
    await page.goto(`${e2e.url}/search/parts/keyword?k=${encodeURIComponent('轮胎')}&pc=price99&pmin=50&pmax=800&sort=price3&order=desc`);
    await page.waitForURL((u) => u.searchParams.get('k') === '轮胎' && u.searchParams.get('price_colum_name') === 'price99' && u.searchParams.get('min_price') === '50'
      && u.searchParams.get('max_price') === '800' && u.searchParams.get('sort_field') === 'price3' && u.searchParams.get('sort_order') === 'desc');
    expect(['pc', 'pmin', 'pmax', 'sort', 'order'].filter((old) => new URL(page.url()).searchParams.has(old))).toEqual([]);
    await oldAsked;
    await expect(filters.getByLabel('最低价格（元）')).toHaveValue('50');
    await expect(filters.getByLabel('最高价格（元）')).toHaveValue('800');
    await results.getByRole('status').getByText('按零售价(含税)从高到低').waitFor();
    // replaced, not pushed: back leaves the old address behind
    await page.goBack();
    await page.waitForURL((u) => u.href === before);
    await context.close();
  });

  it('the brand filter also narrows 圈内搜索 and 拆车件 results and stays on their pages', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    const results = await searchInTab(page, '圈内搜索', '滤清器');
    await results.locator('tbody tr').first().waitFor();
    const brandNames = async () => (await results.locator('tbody tr td.stock-col-brand .stock-brand').allInnerTexts()).map((t) => t.trim()).filter((t) => t !== '原厂件' && t !== '—');
    // a brand of the part-brand list (a seller's own brand, typed on its row, is not in the picker)
    const listed = async () => (await e2e.pglite.query<{ name: string }>('select name from part_brand where active and name = any($1) order by name',
      [await brandNames()])).rows.map((r) => r.name);
    await expect.poll(listed).not.toHaveLength(0);
    const [shown] = await listed();
    await page.getByRole('button', { name: '选择品牌' }).click();
    const dialog = page.getByRole('dialog', { name: '选择配件品牌' });
    await dialog.locator('input[name="brand-keyword"]').fill(shown);
    const answer = page.waitForResponse((r) => r.url().includes('/api/search/keyword') && r.url().includes('circle=1') && r.url().includes('brand_id='));
    await dialog.getByRole('list', { name: '配件品牌列表' }).getByRole('button', { name: shown, exact: true }).click();
    const body = await (await answer).json() as { data: { rows: { part_brand_name: string }[] } };
    expect(new Set(body.data.rows.map((r) => r.part_brand_name))).toEqual(new Set([shown]));
    await page.waitForURL((u) => u.pathname === '/search/parts/circle' && u.searchParams.has('brand_id'));
    await page.getByText('圈内 “滤清器”').waitFor();
    await saveScreenshot(page, { path: join(shotsDir, 'circle-brand.png') });

    await searchInTab(page, '拆车件', '散热器');
    await results.locator('tbody tr').first().waitFor();
    await page.getByRole('group', { name: '配件品牌筛选' }).getByText('全部').waitFor();
    await saveScreenshot(page, { path: join(shotsDir, 'dismantle-results.png') });
    await context.close();
  });

  it('publishes a wanted request with an image, keeps what was typed through errors, and shows it in 我的求购', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    await page.getByRole('button', { name: msg.publishWanted }).click();
    const dialog = page.getByRole('dialog', { name: msg.publishWanted });
    await dialog.waitFor();
    // measured once the opening animation is over
    await expect.poll(async () => Math.round((await dialog.boundingBox())!.width)).toBe(500);

    // nothing typed: both required fields say so
    await dialog.getByRole('button', { name: '发布' }).click();
    await dialog.getByRole('alert').filter({ hasText: msg.wantedEmpty }).waitFor();
    await dialog.getByRole('alert').filter({ hasText: msg.chooseCarBrand }).waitFor();

    // the page checks images before sending them
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({ name: 'photo.gif', mimeType: 'image/png', buffer: Buffer.from('GIF89a-not-a-png') });
    await dialog.getByRole('alert').filter({ hasText: msg.imageType }).waitFor();
    const huge = Buffer.alloc(2 * 1024 * 1024 + 1, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(huge);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge });
    await dialog.getByRole('alert').filter({ hasText: msg.imageSize(2) }).waitFor();
    await input.setInputFiles({ name: 'brake.png', mimeType: 'image/png', buffer: Buffer.from(await drawPng(page), 'base64') });
    const thumb = dialog.getByRole('img', { name: '求购图片' });
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(240);

    await dialog.locator('textarea[name="content"]').fill('前刹车片 一套 原厂');
    await dialog.locator('.p-dropdown').click();
    await page.locator('.p-dropdown-filter').fill('大众');
    await page.getByRole('option', { name: /大众/ }).first().click();
    const vin = dialog.locator('input[name="vin"]');
    await vin.fill('LSVAU2180N218329');
    await dialog.getByRole('button', { name: '发布' }).click();
    await dialog.getByRole('alert').filter({ hasText: msg.vinLength }).waitFor();
    await vin.fill('LSVAU2180N2183294');
    // a check digit that does not compute is a warning, not a refusal
    await dialog.getByText('校验位', { exact: false }).waitFor();
    await e2e.shot(page, 'wanted-dialog');

    // the server stores it but the answer is lost: the page keeps everything and a second press replays
    await page.route('**/api/enquiry/wanted', async (route) => {
      await route.fetch();
      await route.abort('internetdisconnected');
    }, { times: 1 });
    await dialog.getByRole('button', { name: '发布' }).click();
    await dialog.getByText('当前离线', { exact: false }).waitFor();
    await expect(dialog.locator('textarea[name="content"]')).toHaveValue('前刹车片 一套 原厂');
    await expect(vin).toHaveValue('LSVAU2180N2183294');
    await expect(thumb).toHaveCount(1);
    await dialog.getByRole('button', { name: '发布' }).click();
    await dialog.getByText(msg.publishOk).waitFor();
    const stored = await e2e.pglite.query<{ n: number }>(`select count(*)::int as n from wanted_request where content = '前刹车片 一套 原厂'`);
    expect(stored.rows[0].n).toBe(1);
    // nothing half-typed stays behind
    await expect(dialog.locator('textarea[name="content"]')).toHaveValue('');
    await expect(vin).toHaveValue('');
    await expect(thumb).toHaveCount(0);
    await saveScreenshot(page, { path: join(shotsDir, 'wanted-published.png') });

    await dialog.getByRole('link', { name: '查看我的求购' }).click();
    await page.waitForURL((u) => u.pathname === '/enquiry/list');
    const table = page.getByRole('region', { name: msg.myWanted });
    const row = table.locator('tbody tr', { hasText: '前刹车片 一套 原厂' });
    await row.waitFor();
    await expect(row).toContainText('LSVAU2180N2183294');
    await expect(row).toContainText('待报价');
    await expect(row).toContainText('大众');
    const listed = row.getByRole('img', { name: '求购图片' });
    await expect.poll(() => listed.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(240);
    await e2e.shot(page, 'wanted-list');

    // unquoted, it can be changed
    await row.getByRole('button', { name: '修改求购 前刹车片 一套 原厂' }).click();
    const edit = page.getByRole('dialog', { name: '修改求购' });
    await expect(edit.locator('textarea[name="content"]')).toHaveValue('前刹车片 一套 原厂');
    await edit.locator('textarea[name="content"]').fill('前刹车片 一套 原厂 带报警线');
    await edit.getByRole('button', { name: '保存' }).click();
    const changed = table.locator('tbody tr', { hasText: '前刹车片 一套 原厂 带报警线' });
    await changed.waitFor();

    // a seller of 大众 finds it in 报价专区 and quotes it
    await e2e.pglite.query(`update company set main_make_ids = array[(select id from make where name = '大众')] where id = 2`);
    const seller = await e2e.newPage();
    await e2e.signIn(seller.page, '/login', 'seller');
    await seller.page.goto(`${e2e.url}/backend/quote/zone`);
    const zoneRow = seller.page.locator('[data-testid="list-row"]', { hasText: '前刹车片 一套 原厂 带报警线' });
    await expect(zoneRow).toContainText('求购');
    await e2e.shot(seller.page, 'quote-zone');
    await zoneRow.getByRole('link', { name: /^报价 QG/ }).click();
    const price = seller.page.getByRole('textbox', { name: '第1行 报价' });
    await price.fill('680');
    await price.press('Enter');
    await expect(seller.page.getByTestId('quote-line').getByRole('status')).toHaveText('已报价 ¥680.00');
    await seller.context.close();
    await e2e.pglite.query(`update company set main_make_ids = '{}' where id = 2`);

    // quoted: no more changes, and the quote count opens the comparison
    await page.reload();
    await changed.waitFor();
    await expect(changed).toContainText(msg.quotedNoEdit);
    await expect(changed.getByRole('button', { name: /^修改求购/ })).toHaveCount(0);
    await changed.getByRole('link', { name: /^查看报价/ }).click();
    await page.waitForURL((u) => /^\/enquiry\/list\/\d+$/.test(u.pathname));
    await expect(page.getByTestId('quote-row')).toContainText('680.00');
    await context.close();
  });

  it('我的求购 is in the nav for C07/C15 and keeps other companies out', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'member');
    await page.getByRole('link', { name: msg.myWanted }).first().click();
    await page.waitForURL((u) => u.pathname === '/enquiry/list');
    await page.getByRole('region', { name: msg.myWanted }).getByText(msg.noResults).waitFor();
    await expect(page.getByText('前刹车片 一套 原厂')).toHaveCount(0);
    await context.close();

    const clerk = await e2e.newPage();
    await e2e.signIn(clerk.page, '/login', 'clerk');
    await clerk.page.goto(`${e2e.url}/enquiry/list`);
    await clerk.page.getByRole('heading', { name: forbiddenMsg.title }).waitFor();
    await clerk.context.close();
  });
});
