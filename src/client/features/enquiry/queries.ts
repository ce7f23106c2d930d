import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

/** Query keys of enquiries (the buyer's) and of the quote center (the seller's). */
export const enquiryKeys = {
  all: () => ['enquiry'] as const,
  mine: (page: number, state: string) => ['enquiry', 'mine', page, state] as const,
  detail: (id: number) => ['enquiry', 'detail', id] as const,
  count: () => ['enquiry', 'count'] as const,
  center: (p: { page: number; state: string }) => ['enquiry', 'center', p] as const,
  sellerView: (id: number) => ['enquiry', 'seller', id] as const,
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

export const sellerEnquiryQuery = (id: number) =>
  queryOptions({ queryKey: enquiryKeys.sellerView(id), queryFn: ({ signal }) => request('get', 'quoteEnquiry', {}, id, { signal }) });
