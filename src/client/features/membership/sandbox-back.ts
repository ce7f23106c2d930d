/**
 * The sandbox checkout's back link (docs/money.md, "Payment providers"): the page the number's
 * purpose returns to (the server's `return_url`: a recharge's wallet, a cash pledge's page, a
 * paid service's page, a goods order or a package order), named for what it opens.
 */
const PAGES: ReadonlyArray<readonly [string, string]> = [
  ['/backend/accounting/wallet', '返回钱包'],
  ['/backend/accounting/cashpledge', '返回保证金'],
  ['/backend/accounting/service', '返回付费服务'],
  ['/vnwallet', '返回越南盾钱包'],
];

export const sandboxBackLabel = (returnUrl: string): string =>
  PAGES.find(([path]) => returnUrl === path || returnUrl.startsWith(`${path}?`))?.[1] ?? '返回订单';
