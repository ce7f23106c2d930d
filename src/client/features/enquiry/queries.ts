import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';
import type { ListSearch } from '../../ui/list/list-search';

/** Query keys of enquiries (the buyer's) and of the quote center (the seller's). */
export const enquiryKeys = {
  all: () => ['enquiry'] as const,
  mine: (page: number, state: string) => ['enquiry', 'mine', page, state] as const,
  detail: (id: number) => ['enquiry', 'detail', id] as const,
  count: () => ['enquiry', 'count'] as const,
  center: (p: { page: number; state: string }) => ['enquiry', 'center', p] as const,
  sellerView: (id: number) => ['enquiry', 'seller', id] as const,
  myQuotes: (p: { page_number: number; page_size: number }) => ['enquiry', 'myQuotes', p] as const,
  rules: () => ['enquiry', 'rules'] as const,
  historyOf: (enquiryId: number) => ['enquiry', 'history-of', enquiryId] as const,
  oeHistory: (oe: string) => ['enquiry', 'history', oe] as const,
  myProduct: (oe: string) => ['enquiry', 'myProduct', oe] as const,
  allowance: () => ['enquiry', 'allowance'] as const,
};

export const ENQUIRY_PAGE_SIZE = 20;

export const myEnquiriesQuery = (page: number, state = '') =>
  queryOptions({
    queryKey: enquiryKeys.mine(page, state),
    queryFn: ({ signal }) => request('get', 'enquiryList', { page_number: page, page_size: ENQUIRY_PAGE_SIZE, state: state as never }, undefined, { signal }),
  });

export const enquiryDetailQuery = (id: number) =>
  queryOptions({ queryKey: enquiryKeys.detail(id), queryFn: ({ signal }) => request('get', 'enquiryDetail', {}, id, { signal }) });

/** New quotes on the company's enquiries (the 我的询价 badge): every 10 minutes, and at once over /ws. */
export const enquiryQuoteCountQuery = () =>
  queryOptions({
    queryKey: enquiryKeys.count(),
    queryFn: ({ signal }) => request('get', 'enquiryQuoteCount', {}, undefined, { signal, silent: true }),
    refetchInterval: 10 * 60_000,
  });

/** `silent`: the caller shows a refusal itself (the seller's side of an inquiry card in chat) */
export const sellerEnquiryQuery = (id: number, silent = false) =>
  queryOptions({ queryKey: enquiryKeys.sellerView(id), queryFn: ({ signal }) => request('get', 'quoteEnquiry', {}, id, silent ? { signal, silent } : { signal }) });

/** 我的报价: the company's quotes, newest first */
export const myQuotesQuery = (s: ListSearch) => {
  const p = { page_number: s.page ?? 1, page_size: s.size ?? 50 };
  return queryOptions({ queryKey: enquiryKeys.myQuotes(p), queryFn: ({ signal }) => request('get', 'quoteMine', p, undefined, { signal }) });
};

export type QuoteCenterScope = 'direct' | 'zone';

const quoteCenterPayload = (s: ListSearch, scope: QuoteCenterScope): PayloadIn<'quoteCenter'> => ({
  scope,
  // a GET carries no null: an unset filter is left out
  ...(/^\d+$/.test(String(s.make ?? '')) ? { make_id: Number(s.make) } : {}),
  ...(s.keyword ? { keyword: String(s.keyword) } : {}),
  state: (['open', 'expired', 'ended', 'cancelled'].includes(String(s.state)) ? String(s.state) : '') as PayloadIn<'quoteCenter'>['state'],
  page_number: s.page ?? 1,
  page_size: s.size ?? 50,
});

/** 报价中心 (scope direct) or 报价专区 (scope zone), as a list page's query */
export const quoteCenterQuery = (scope: QuoteCenterScope) => (s: ListSearch) => {
  const p = quoteCenterPayload(s, scope);
  return queryOptions({
    queryKey: enquiryKeys.center({ page: Number(p.page_number ?? 1), state: `${scope}:${p.state}:${p.page_size}:${p.make_id ?? ''}:${p.keyword ?? ''}` }),
    queryFn: ({ signal }) => request('get', 'quoteCenter', p, undefined, { signal }),
  });
};

/** 报价规则 of the company */
export const quoteRulesQuery = () => queryOptions({ queryKey: enquiryKeys.rules(), queryFn: ({ signal }) => request('get', 'quoteRules', {}, undefined, { signal }) });

/** 报价记录 of one enquiry */
export const quoteHistoryQuery = (enquiryId: number) =>
  queryOptions({
    queryKey: enquiryKeys.historyOf(enquiryId),
    queryFn: ({ signal }) => request('get', 'getIMQuoteHisgoryById', {}, enquiryId, { signal, silent: true }),
  });

/** the company's earlier quotes of an OE number */
export const oeQuoteHistoryQuery = (oe: string) =>
  queryOptions({
    queryKey: enquiryKeys.oeHistory(oe),
    queryFn: ({ signal }) => request('get', 'getIMQuoteHisgoryByOe', { oe }, undefined, { signal, silent: true }),
  });

/** the company's own stock of an OE number (pre-fills a quote) */
export const myProductByOeQuery = (oe: string) =>
  queryOptions({
    queryKey: enquiryKeys.myProduct(oe),
    queryFn: ({ signal }) => request('get', 'getMyProductByOe', { oe }, undefined, { signal, silent: true }),
  });

/** Today's quotes of the company: used, free left, bought left (docs/money.md#paid-services). */
export const quoteAllowanceQuery = () =>
  queryOptions({ queryKey: enquiryKeys.allowance(), queryFn: ({ signal }) => request('get', 'quoteAllowance', {}, undefined, { signal, silent: true }) });
