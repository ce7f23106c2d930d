import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

/** Query keys of chat: the contact card of a user, the chat contact of a company, and the own stock searched in 发送订单链接. */
export const imKeys = {
  contact: (uuid: string) => ['im', 'contact', uuid] as const,
  companyContact: (companyId: number) => ['im', 'companyContact', companyId] as const,
  stockPicker: (term: string) => ['im', 'stock-picker', term] as const,
};

export const contactQuery = (uuid: string) =>
  queryOptions({
    queryKey: imKeys.contact(uuid),
    queryFn: ({ signal }) => request('get', 'imContact', { uuid }, undefined, { signal, silent: true }),
    staleTime: 60_000,
  });

export const companyContactQuery = (companyId: number) =>
  queryOptions({
    queryKey: imKeys.companyContact(companyId),
    queryFn: ({ signal }) => request('get', 'imCompanyContact', { company_id: companyId }, undefined, { signal, silent: true }),
    staleTime: 10 * 60_000,
  });

/** the company's stock on sale, by OE number (letters, digits, spaces, dashes) or else by name */
export const stockPickerQuery = (term: string) =>
  queryOptions({
    queryKey: imKeys.stockPicker(term),
    queryFn: ({ signal }) => request('post', 'getStockData', { ...(/^[\w\s-]+$/.test(term) ? { supplier_oe: term } : { name: term }), state: 'on', page_size: 50, page_number: 1 }, undefined, { signal, silent: true }),
  });

export const socialKeys = {
  friends: ['im', 'friends'] as const,
  group: (groupId: string) => ['im', 'group', groupId] as const,
  staff: ['im', 'staff'] as const,
  quickReplies: ['im', 'quickReplies'] as const,
  features: ['im', 'features'] as const,
  translation: (text: string) => ['im', 'translation', text] as const,
  blocks: ['im', 'blocks'] as const,
};

/** the users the caller blocked (拉黑) */
export const blocksQuery = () =>
  queryOptions({ queryKey: socialKeys.blocks, queryFn: ({ signal }) => request('get', 'imBlockList', {}, undefined, { signal, silent: true }), staleTime: 30_000 });

export const friendsQuery = () =>
  queryOptions({ queryKey: socialKeys.friends, queryFn: ({ signal }) => request('get', 'getFriendsList', {}, undefined, { signal, silent: true }), staleTime: 30_000 });

export const groupQuery = (groupId: string) =>
  queryOptions({
    queryKey: socialKeys.group(groupId),
    queryFn: async ({ signal }) => (await request('post', 'getIMGroupByMember', { group_id: groupId }, undefined, { signal, silent: true }))[0] ?? null,
    staleTime: 30_000,
  });

/** the platform's customer-service staff on duty (requirements 001-7 getEmployeeData) */
export const staffQuery = () =>
  queryOptions({
    queryKey: socialKeys.staff,
    queryFn: ({ signal }) => request('get', 'getEmployeeData', { company_id: 1, active: 1, is_customer_service: 1 }, undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });

export const quickRepliesQuery = () =>
  queryOptions({
    queryKey: socialKeys.quickReplies,
    queryFn: ({ signal }) => request('get', 'quickReplyList', { role: 'seller', page_number: 1, page_size: 100 }, undefined, { signal, silent: true }),
    staleTime: 60_000,
  });

export const featuresQuery = () =>
  queryOptions({ queryKey: socialKeys.features, queryFn: ({ signal }) => request('get', 'imFeatures', {}, undefined, { signal, silent: true }), staleTime: 10 * 60_000 });

/** one translation per text (the server caches too) */
export const translationQuery = (text: string) =>
  queryOptions({
    queryKey: socialKeys.translation(text),
    queryFn: ({ signal }) => request('post', 'translation', { text }, undefined, { signal, silent: true }),
    staleTime: Infinity,
    retry: false,
  });
