/**
 * Browser end-to-end of the parts search: OE and keyword searches, suggestions, pagination and page
 * sizes, the history (kinds, server sync), circle / dismantled / yellow pages, and the last
 * results offline. The built app with the real server and a fresh PGlite database, in Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { PGlite } from '@electric-sql/pglite';
import { installedApp, pathOf, shotsDir as shots, startE2E, type E2E, saveScreenshot } from './harness';
import { searchInTab } from './search-tabs';

let e2e: E2E;
let server: { url: string };
let pglite: PGlite;

beforeAll(async () => {
  e2e = await startE2E();
  server = { url: e2e.url };
  pglite = e2e.pglite;
});

afterAll(async () => e2e?.close());

const newPage = (): Promise<{ context: BrowserContext; page: Page }> => e2e.newPage();
const signIn = (page: Page, loginPath: string, username: string) => e2e.signIn(page, loginPath, username);

/** OE numbers stocked by at least 3 sellers, in a fixed order */
const stockedCodes = async (n: number) =>
  (await pglite.query<{ oe_number: string }>(`select p.oe_number from product p where (select count(*) from stock s where s.oe_norm = p.oe_norm) >= 3 order by p.id limit ${n}`)).rows.map((r) => r.oe_number);

/** picks a page size in a results table's pager */
const choosePageSize = async (page: Page, table: ReturnType<Page['locator']>, size: number) => {
  await table.locator('.p-paginator .p-dropdown').first().click();
  await page.getByRole('option', { name: String(size), exact: true }).click();
};

describe('OE search', () => {
  const codes = () => stockedCodes(2);

  it('searches two codes and a duplicate, shows the groups, and keeps the history after a reload', async () => {
    const [a, b] = await codes();
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    const box = page.locator('textarea[name="oe"]');
    // Ctrl+Enter adds a line, Enter searches
    await box.fill(a);
    await box.press('Control+Enter');
    await box.pressSequentially(b.toLowerCase());
    await box.press('Control+Enter');
    await box.pressSequentially(a.replace(/-/g, ''));
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search/parts/oe');
    const norm = (s: string) => s.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
    expect(new URL(page.url()).searchParams.get('code')).toBe(`${norm(a)},${norm(b)}`);
    await page.getByRole('region', { name: `OE ${a}` }).waitFor();
    await page.getByRole('region', { name: `OE ${b}` }).waitFor();
    await expect.poll(() => page.getByRole('region', { name: `OE ${a}` }).locator('tbody tr').count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByText(/批发价\s*\(不含税\)/).first()).toBeVisible();
    await saveScreenshot(page, { path: join(shots, 'oe-results.png'), fullPage: false });

    await page.goto(server.url + '/search/parts');
    await page.reload();
    const history = page.getByRole('list', { name: '搜索记录' });
    await history.getByText(norm(a)).waitFor();
    await history.getByText(norm(b)).waitFor();
    await context.close();
  });

  it('refuses a short line with the glossary text and keeps what was typed', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    const box = page.locator('textarea[name="oe"]');
    await box.fill('04465-33450\n123');
    await box.press('Enter');
    await page.getByText('每行OE号至少5个字符').waitFor();
    await expect(box).toHaveValue('04465-33450\n123');
    expect(pathOf(page)).toBe('/search/parts');
    await context.close();
  });

  it('suggests OE numbers for one code of 5 characters and searches the one picked', async () => {
    const [a] = await codes();
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    await page.locator('textarea[name="oe"]').fill(a.slice(0, 6));
    const option = page.getByRole('listbox', { name: 'OE号联想' }).getByText(a);
    // typed, debounced, asked, drawn: on a loaded 2-core machine this once took over 30 s
    await option.waitFor({ timeout: 60_000 });
    await saveScreenshot(page, { path: join(shots, 'oe-suggest.png') });
    await option.click();
    await page.waitForURL((u) => u.pathname === '/search/parts/oe');
    await page.getByRole('region', { name: `OE ${a}` }).waitFor();
    await context.close();
  });

  it('blurs contacts for a registered member and names the upgrade', async () => {
    const [a] = await codes();
    const { context, page } = await newPage();
    await signIn(page, '/login', 'member');
    await page.goto(`${server.url}/search/parts/oe?code=${encodeURIComponent(a)}`);
    const group = page.getByRole('region', { name: `OE ${a}` });
    await group.waitFor();
    // the contacts are in the row's detail
    await group.locator('.stock-details-button').first().click();
    await expect.poll(() => group.getByText('升级为正式会员后可查看').count()).toBeGreaterThan(0);
    await expect(page.getByText('批发价(不含税)')).toHaveCount(0);
    await saveScreenshot(page, { path: join(shots, 'oe-member.png'), fullPage: false });
    await context.close();
  });

  it('pages a group of more than 50 sellers and shows 100 a page when asked', async () => {
    const [, , code] = await stockedCodes(3);
    // 60 more offers of this part, copied from one of its rows
    const cols = (await pglite.query<{ c: string }>(`select string_agg(quote_ident(column_name), ',' order by ordinal_position) as c from information_schema.columns where table_name = 'stock' and column_name <> 'id' and is_generated = 'NEVER'`)).rows[0].c;
    await pglite.query(`insert into stock (${cols}) select ${cols} from stock, generate_series(1, 60) where id = (select min(id) from stock where oe_norm = $1)`, [code.replace(/[^0-9A-Za-z]/g, '').toUpperCase()]);
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    await page.goto(`${server.url}/search/parts/oe?code=${encodeURIComponent(code)}&r=1`);
    const group = page.getByRole('region', { name: `OE ${code}` });
    await group.locator('tbody tr').first().waitFor();
    await expect(group.locator('h3')).toContainText(/\d+ 家报价/);
    const heading = await group.locator('h3').innerText();
    const offers = Number(/(\d+) 家报价/.exec(heading)![1]);
    expect(offers).toBeGreaterThanOrEqual(63);
    await expect(group.locator('tbody tr')).toHaveCount(50);
    await group.getByRole('button', { name: '下一页' }).click();
    await expect.poll(() => group.locator('tbody tr').count()).toBe(offers - 50);
    await expect(group.locator('.p-paginator-page.p-highlight')).toHaveText('2');
    await choosePageSize(page, group, 100);
    await expect.poll(() => group.locator('tbody tr').count()).toBe(offers);
    await context.close();
  });

  it('a bad nonce in the address still searches, and searching the same code again asks the server again', async () => {
    const [a] = await codes();
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    await page.goto(`${server.url}/search/parts/oe?code=${encodeURIComponent(a)}&r=abc`);
    await page.getByRole('region', { name: `OE ${a}` }).waitFor();
    await expect(page.getByText('服务器错误')).toHaveCount(0);
    const box = page.locator('textarea[name="oe"]');
    for (let i = 0; i < 2; i++) {
      const asked = page.waitForRequest((req) => req.url().includes('/api/') && req.method() === 'POST' && (req.postData() ?? '').includes('oe_list'));
      await box.fill(a);
      await box.press('Enter');
      await asked;
      await page.getByRole('region', { name: `OE ${a}` }).waitFor();
    }
    await context.close();
  });

  it('without a code the OE page goes back to /search', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    await page.goto(`${server.url}/search/parts/oe`);
    await page.waitForURL((u) => u.pathname === '/search/parts');
    await context.close();
  });
});

describe('keyword search', () => {
  it('a Chinese fuzzy search, then the next page and a bigger page size', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    await page.getByRole('tab', { name: '关键词搜索' }).click();
    const box = page.locator('input[name="k"]');
    await box.press('Enter');
    await page.getByText('请输入搜索内容').waitFor();
    await page.getByRole('radio', { name: '模糊' }).or(page.getByText('模糊', { exact: true })).first().click();
    await box.fill('刹片');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search/parts/keyword');
    const results = page.getByRole('region', { name: '关键词搜索结果' });
    await results.locator('tbody tr').first().waitFor();
    await expect(results.locator('tbody tr')).toHaveCount(50);
    const names = () => results.locator('tbody tr td.stock-col-name').allInnerTexts();
    const allBrakePads = (ns: string[]) => ns.length > 0 && ns.every((n) => /刹.*片/.test(n));
    await expect.poll(names).toSatisfy(allBrakePads);
    await saveScreenshot(page, { path: join(shots, 'keyword-results.png') });
    const firstRow = await results.locator('tbody tr').first().innerText();
    // the pager speaks Chinese to screen readers too
    await expect(results.getByRole('button', { name: '下一页' })).toHaveCount(1);
    await expect(results.getByRole('button', { name: 'Next Page' })).toHaveCount(0);
    await results.getByRole('button', { name: '第2页', exact: true }).first().click();
    await page.waitForURL((u) => u.searchParams.get('page_number') === '2');
    await expect.poll(() => results.locator('tbody tr').first().innerText()).not.toBe(firstRow);
    // 100 a page: the address keeps it, the server sends 100 rows, and a reload keeps both
    await choosePageSize(page, results, 100);
    await page.waitForURL((u) => u.searchParams.get('page_size') === '100');
    await expect.poll(() => results.locator('tbody tr').count()).toBe(100);
    await expect.poll(names).toSatisfy(allBrakePads);
    await page.reload();
    await results.locator('tbody tr').first().waitFor();
    await expect(results.locator('tbody tr')).toHaveCount(100);
    await expect(results.locator('.p-paginator .p-dropdown').first()).toContainText('100');
    await context.close();
  });

  it('the circle tab shows to an approved circle member only, and searches within the circle', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    const results = await searchInTab(page, '圈内搜索', '滤清器');
    await results.locator('tbody tr').first().waitFor();
    await page.getByText('圈内 “滤清器”').waitFor();
    await context.close();

    const other = await newPage();
    await signIn(other.page, '/login', 'member');
    await other.page.getByRole('tab', { name: '关键词搜索' }).waitFor();
    await expect(other.page.getByRole('tab', { name: '圈内搜索' })).toHaveCount(0);
    await other.context.close();
  });

  it('dismantled parts and yellow pages', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    const results = await searchInTab(page, '拆车件', '散热器');
    await results.locator('tbody tr').first().waitFor();
    // the brand cell holds the brand and the quality
    const qualities = async () => (await results.locator('tbody tr td.stock-col-brand .stock-quality').allInnerTexts()).map((t) => t.trim());
    await expect.poll(qualities).toSatisfy((qs: (string | undefined)[]) => qs.length > 0 && qs.every((q) => q === '拆车件'));

    await (await searchInTab(page, '企业黄页', '广州')).getByText('广州骏达汽车配件有限公司').waitFor();
    await saveScreenshot(page, { path: join(shots, 'yellow-pages.png') });
    await context.close();
  });

  it('searches from another tab at once after a search: the box keeps its tab and what was typed', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    // each kind of search has its page (/search/parts/keyword, /search/dismantle/result, /search/company): the box stays
    await searchInTab(page, '关键词搜索', '火花塞');
    await searchInTab(page, '拆车件', '大灯', { exact: true });
    await searchInTab(page, '企业黄页', '骏达');
    await page.getByRole('region', { name: '企业黄页结果' }).getByText('广州骏达汽车配件有限公司').waitFor();
    await page.getByRole('tab', { name: '拆车件' }).click();
    await expect(page.locator('input[name="dismantle-k"]')).toHaveValue('大灯');
    await context.close();
  });

  it('without k the keyword page goes back to /search', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    await page.goto(`${server.url}/search/parts/keyword?mode=exact`);
    await page.waitForURL((u) => u.pathname === '/search/parts');
    await context.close();
  });
});

describe('history', () => {
  it('replays circle, dismantled (精确) and yellow-page searches on their own pages and modes, also from the server on a fresh browser', async () => {
    const { context, page } = await newPage();
    await signIn(page, '/login', 'buyer');
    await searchInTab(page, '圈内搜索', '机油滤');
    await searchInTab(page, '拆车件', '大灯', { exact: true });
    await searchInTab(page, '企业黄页', '骏达');
    // the outbox has sent all three to the server
    const kinds = async () => Object.fromEntries((await pglite.query<{ search_value: string; search_type: string }>(
      `select h.search_value, h.search_type from search_history h join app_user u on u.id = h.user_id where u.username = 'buyer'`)).rows.map((r) => [r.search_value, r.search_type]));
    await expect.poll(kinds, { timeout: 15_000 }).toMatchObject({ 机油滤: 'circle', 大灯: 'dismantle', 骏达: 'company' });
    await context.close();

    // a fresh browser (no IndexedDB, no cache): the history comes from the server, kinds and all
    const fresh = await newPage();
    await signIn(fresh.page, '/login', 'buyer');
    const history = fresh.page.getByRole('list', { name: '搜索记录' });
    await history.getByRole('button', { name: '机油滤', exact: true }).waitFor();
    await expect(history.getByRole('button', { name: '大灯', exact: true })).toHaveAttribute('title', '拆车件：大灯');
    await saveScreenshot(fresh.page, { path: join(shots, 'search-history.png') });
    await history.getByRole('button', { name: '机油滤', exact: true }).click();
    await fresh.page.waitForURL((u) => u.pathname === '/search/parts/circle' && u.searchParams.get('k') === '机油滤');
    await fresh.page.getByText('圈内 “机油滤”').waitFor();
    await fresh.page.goto(`${server.url}/search/parts`);
    await fresh.page.getByRole('list', { name: '搜索记录' }).getByRole('button', { name: '大灯', exact: true }).click();
    // made in 精确 mode, replayed in it
    await fresh.page.waitForURL((u) => u.pathname === '/search/dismantle/result' && u.searchParams.get('k') === '大灯' && u.searchParams.get('mode') === 'exact');
    await fresh.page.getByText('拆车件 “大灯”').waitFor();
    await fresh.page.goto(`${server.url}/search/parts`);
    await fresh.page.getByRole('list', { name: '搜索记录' }).getByRole('button', { name: '骏达', exact: true }).click();
    await fresh.page.waitForURL((u) => u.pathname === '/search/company' && u.searchParams.get('k') === '骏达');
    await fresh.page.getByRole('region', { name: '企业黄页结果' }).getByText('广州骏达汽车配件有限公司').waitFor();
    await fresh.context.close();
  });
});

describe('offline', () => {
  it('shows the last results of a search with their fetch time, says when there are none, and searches when the network returns', async () => {
    const [a, , , d] = await stockedCodes(4);
    const { context, page } = await e2e.newPage(installedApp);
    await signIn(page, '/login', 'buyer');
    const box = page.locator('textarea[name="oe"]');
    const searchOe = async (code: string) => {
      await box.fill(code);
      await box.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search/parts/oe');
    };
    await searchOe(a);
    await page.getByRole('region', { name: `OE ${a}` }).waitFor();
    await page.getByText(/结果获取于 \d\d:\d\d:\d\d/).waitFor();
    await expect.poll(() => page.getByRole('region', { name: `OE ${a}` }).locator('tbody tr').count()).toBeGreaterThanOrEqual(3);
    const rowsOnline = await page.getByRole('region', { name: `OE ${a}` }).locator('tbody tr').count();

    await context.setOffline(true);
    // the same code searched again offline: the last results, with when they were fetched
    await searchOe(a);
    await page.getByText(/离线：显示 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 获取的结果/).waitFor();
    await expect(page.getByRole('region', { name: `OE ${a}` }).locator('tbody tr')).toHaveCount(rowsOnline);
    await saveScreenshot(page, { path: join(shots, 'offline-oe-cached.png') });
    // a code never searched: a clear message, not 正在搜索… for ever
    await searchOe(d);
    await page.getByText('当前离线，且没有这次搜索的缓存结果').waitFor();
    await expect(page.getByText('正在搜索…')).toHaveCount(0);
    await saveScreenshot(page, { path: join(shots, 'offline-oe-none.png') });
    // back online, the search runs by itself
    await context.setOffline(false);
    await page.getByRole('region', { name: `OE ${d}` }).locator('tbody tr').first().waitFor({ timeout: 15_000 });
    await page.getByText(/结果获取于/).waitFor();

    // keyword results the same way
    await page.getByRole('tab', { name: '关键词搜索' }).click();
    const k = page.locator('input[name="k"]');
    const searchK = async (value: string) => {
      await k.fill(value);
      await k.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search/parts/keyword' && u.searchParams.get('k') === value);
    };
    const results = page.getByRole('region', { name: '关键词搜索结果' });
    await searchK('火花塞');
    await results.getByText(/结果获取于/).waitFor();
    const firstRow = await results.locator('tbody tr').first().innerText();
    await context.setOffline(true);
    await searchK('火花塞');
    await results.getByText(/离线：显示 .* 获取的结果/).waitFor();
    await expect(results.locator('tbody tr').first()).toHaveText(firstRow);
    await searchK('减震器');
    await page.getByText('当前离线，且没有这次搜索的缓存结果').waitFor();
    await expect(page.getByText('正在搜索…')).toHaveCount(0);
    await context.setOffline(false);
    await results.getByText('“减震器”').waitFor({ timeout: 15_000 });
    await expect.poll(() => results.locator('tbody tr').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('opens the last results after a reload with the network off (kept in IndexedDB, not in the localStorage snapshot)', async () => {
    const { context, page } = await e2e.newPage(installedApp);
    await signIn(page, '/login', 'buyer');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('tab', { name: '关键词搜索' }).click();
    const k = page.locator('input[name="k"]');
    await k.fill('火花塞');
    await k.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search/parts/keyword' && u.searchParams.get('k') === '火花塞');
    const results = page.getByRole('region', { name: '关键词搜索结果' });
    await results.getByText(/结果获取于/).waitFor();
    const firstRow = await results.locator('tbody tr').first().innerText();
    // the answer is written when the page is idle, as its own record
    await expect.poll(() => page.evaluate(() => new Promise<number>((done) => {
      const req = indexedDB.open('qipeihub-results');
      req.onsuccess = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains('queries')) return done(0);
        const all = db.transaction('queries').objectStore('queries').getAll();
        all.onsuccess = () => done(all.result.filter((r: { query: { queryKey: unknown[] } }) => r.query.queryKey[0] === 'keywordSearch' && r.query.queryKey[1] === '火花塞').length);
      };
    }))).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('qph-query-cache') ?? '')).not.toContain('keywordSearch');
    await context.setOffline(true);
    await page.reload();
    await results.getByText(/离线：显示 .* 获取的结果/).waitFor();
    await expect(results.locator('tbody tr').first()).toHaveText(firstRow);
    await saveScreenshot(page, { path: join(shots, 'offline-keyword-reloaded.png') });
    await context.setOffline(false);
    await context.close();
  });
});
