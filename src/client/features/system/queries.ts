import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

/** Query keys of system parameters and ads; both are persisted for offline starts. */
export const systemKeys = {
  config: (keys: readonly string[]) => ['config', [...keys].sort().join(',')] as const,
  ads: (codes: readonly string[]) => ['ads', [...codes].sort().join(',')] as const,
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
