import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

/** Query keys of system parameters and ads; both are persisted for offline starts. */
export const systemKeys = {
  config: (keys: readonly string[]) => ['config', [...keys].sort().join(',')] as const,
  ads: (codes: readonly string[]) => ['ads', [...codes].sort().join(',')] as const,
  /** 公共页面 (docs/platform-settings.md#public-pages): the footer's links and one page */
  pubLinks: () => ['pub', 'links'] as const,
  pubPage: (slug: string) => ['pub', 'page', slug] as const,
};

export const configQuery = (keys: readonly string[]) =>
  queryOptions({
    queryKey: systemKeys.config(keys),
    queryFn: ({ signal }) => request('get', 'config', { keys: keys.join(',') }, undefined, { signal }),
    staleTime: 10 * 60_000,
  });

export const adsQuery = (codes: readonly string[]) =>
  queryOptions({
    queryKey: systemKeys.ads(codes),
    queryFn: ({ signal }) => request('get', 'getAdByCode', { codes: codes.join(',') }, undefined, { signal }),
    staleTime: 10 * 60_000,
  });

export const BANNER_CODES = ['LB001', 'LB002', 'LB003', 'LB004', 'LB005', 'LB006', 'LB007', 'LB008', 'LB009', 'LB010'] as const;
/**
 * The parameters of every storefront page, asked for in one call: the top bar's, header's and
 * footer's, the announcement (/ and /search) and the page title and meta texts (/). Three calls
 * at the first render before (each `fetch()` 10–20 ms of a phone's main thread).
 */
export const SITE_KEYS = ['system_name', 'system_phone', 'system_icp_number', 'system_announcement', 'system_logo_text', 'baidu_shangqiao', 'wx_miniprogram_qr',
  'system_title', 'system_keywords', 'system_desc'] as const;

/** The published 公共页面 the footer links to (docs/platform-settings.md#public-pages). */
export const pubLinksQuery = () =>
  queryOptions({ queryKey: systemKeys.pubLinks(), queryFn: ({ signal }) => request('get', 'pubPageLinks', {}, undefined, { signal }), staleTime: 10 * 60_000 });
export const pubPageQuery = (slug: string) =>
  queryOptions({ queryKey: systemKeys.pubPage(slug), queryFn: ({ signal }) => request('get', 'pubPageGet', { slug }, undefined, { signal, silent: true }), retry: false });
