import type { Page } from 'playwright-core';

/** The search page's keyword-type tabs: the name of each tab's box and the page its search opens. */
const TABS = {
  关键词搜索: ['k', '/search/parts/keyword'],
  圈内搜索: ['circle-k', '/search/parts/circle'],
  拆车件: ['dismantle-k', '/search/dismantle/result'],
  企业黄页: ['company-k', '/search/company'],
} as const;
export type SearchTab = keyof typeof TABS;

/**
 * Opens a tab of the search page, searches these words with Enter (in 精确 mode when asked), waits
 * for the results page of that tab and returns its results region.
 */
export const searchInTab = async (page: Page, tab: SearchTab, value: string, opts: { exact?: boolean } = {}) => {
  const [field, path] = TABS[tab];
  await page.getByRole('tab', { name: tab }).click();
  const box = page.locator(`input[name="${field}"]`);
  await box.waitFor();
  if (opts.exact) await page.locator('.p-selectbutton:visible').getByText('精确', { exact: true }).click();
  await box.fill(value);
  await box.press('Enter');
  // the mode picked is the mode searched (a slow earlier search settling once took 精确 back)
  await page.waitForURL((u) => u.pathname === path && u.searchParams.get('k') === value && (!opts.exact || u.searchParams.get('mode') === 'exact'));
  return page.getByRole('region', { name: tab === '企业黄页' ? '企业黄页结果' : '关键词搜索结果' });
};
