/** Query keys and options of the operator's system pages (levels, ads, platform lists, notice templates). */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../shared/contracts';
import type { PlatformListKind } from '../../../../shared/domain/platform-lists';
import { request } from '../../../api/request';

export const sysKeys = {
  levels: () => ['op', 'levels'] as const,
  ads: () => ['op', 'ads'] as const,
  adList: (code: string) => ['op', 'ads', code] as const,
  lists: (kind: PlatformListKind) => ['op', 'lists', kind] as const,
  listEntries: (p: PayloadIn<'opListEntries'>) => ['op', 'lists', p.kind, p] as const,
  noticeTemplates: () => ['op', 'notice-templates'] as const,
  warrantyTerms: () => ['op', 'warranty-terms'] as const,
  warrantyTermList: (p: PayloadIn<'opWarrantyTerms'>) => ['op', 'warranty-terms', p] as const,
  /** 微信模板消息 (docs/wechat.md) */
  wechatTemplates: () => ['op', 'wechat', 'templates'] as const,
  wechatMessages: (p: PayloadIn<'opWechatMessages'>) => ['op', 'wechat', 'messages', p] as const,
  /** 批量工具 (docs/batch-jobs.md) */
  batchJobs: () => ['op', 'batch-jobs'] as const,
  batchJobList: (p: PayloadIn<'opBatchJobs'>) => ['op', 'batch-jobs', 'list', p] as const,
  batchJobLog: (id: number) => ['op', 'batch-jobs', 'log', id] as const,
  /** 汽配城, 汽配联盟, 包邮城市 and 公共页面 (docs/platform-settings.md): one root per list */
  autopartsCities: () => ['op', 'autoparts-cities'] as const,
  autopartsCityList: (p: PayloadIn<'opAutopartsCities'>) => ['op', 'autoparts-cities', p] as const,
  alliances: () => ['op', 'alliances'] as const,
  allianceList: (p: PayloadIn<'opAlliances'>) => ['op', 'alliances', p] as const,
  freeCities: () => ['op', 'free-cities'] as const,
  freeCityList: (p: PayloadIn<'opFreeCities'>) => ['op', 'free-cities', p] as const,
  pubPages: () => ['op', 'pub-pages'] as const,
  pubPageList: (p: PayloadIn<'opPubPages'>) => ['op', 'pub-pages', p] as const,
  /** the storefront's reads of parameters (features/system/queries.ts systemKeys.config), all of them */
  siteConfig: () => ['config'] as const,
  /** the storefront's reads of ads (features/system/queries.ts systemKeys.ads), all of them */
  siteAds: () => ['ads'] as const,
};

export const levelsQuery = () =>
  queryOptions({ queryKey: sysKeys.levels(), queryFn: ({ signal }) => request('get', 'opLevelList', {}, undefined, { signal }) });
export const adsListQuery = (code: string) =>
  queryOptions({ queryKey: sysKeys.adList(code), queryFn: ({ signal }) => request('get', 'opAdList', { code }, undefined, { signal }) });
export const entriesQuery = (p: PayloadIn<'opListEntries'>) =>
  queryOptions({ queryKey: sysKeys.listEntries(p), queryFn: ({ signal }) => request('get', 'opListEntries', p, undefined, { signal }) });
export const templatesQuery = () =>
  queryOptions({ queryKey: sysKeys.noticeTemplates(), queryFn: ({ signal }) => request('get', 'opNoticeTemplateList', {}, undefined, { signal }) });
/** 质保条款 (docs/warranty.md) */
export const warrantyTermsQuery = (p: PayloadIn<'opWarrantyTerms'>) =>
  queryOptions({ queryKey: sysKeys.warrantyTermList(p), queryFn: ({ signal }) => request('get', 'opWarrantyTerms', p, undefined, { signal }) });

/** 微信模板消息: the templates by scene and the send log (docs/wechat.md) */
export const wechatTemplatesQuery = () =>
  queryOptions({ queryKey: sysKeys.wechatTemplates(), queryFn: ({ signal }) => request('get', 'opWechatTemplates', {}, undefined, { signal }) });
export const wechatMessagesQuery = (p: PayloadIn<'opWechatMessages'>) =>
  queryOptions({ queryKey: sysKeys.wechatMessages(p), queryFn: ({ signal }) => request('get', 'opWechatMessages', p, undefined, { signal }) });

/** 批量工具: the jobs, read again every 2 s while one of the page runs (docs/batch-jobs.md) */
export const batchJobsQuery = (p: PayloadIn<'opBatchJobs'>) =>
  queryOptions({
    queryKey: sysKeys.batchJobList(p), queryFn: ({ signal }) => request('get', 'opBatchJobs', p, undefined, { signal }),
    refetchInterval: (q) => (q.state.data?.data.some((j) => j.state === 'running') ? 2000 : false),
  });
export const batchJobLogQuery = (id: number, running: boolean) =>
  queryOptions({
    queryKey: sysKeys.batchJobLog(id), queryFn: ({ signal }) => request('get', 'opBatchJobLog', { job_id: id }, undefined, { signal }),
    refetchInterval: running ? 2000 : false,
  });
/** 汽配城, 汽配联盟, 包邮城市 and 公共页面 (docs/platform-settings.md) */
export const autopartsCitiesQuery = (p: PayloadIn<'opAutopartsCities'>) =>
  queryOptions({ queryKey: sysKeys.autopartsCityList(p), queryFn: ({ signal }) => request('get', 'opAutopartsCities', p, undefined, { signal }) });
export const alliancesQuery = (p: PayloadIn<'opAlliances'>) =>
  queryOptions({ queryKey: sysKeys.allianceList(p), queryFn: ({ signal }) => request('get', 'opAlliances', p, undefined, { signal }) });
export const freeCitiesQuery = (p: PayloadIn<'opFreeCities'>) =>
  queryOptions({ queryKey: sysKeys.freeCityList(p), queryFn: ({ signal }) => request('get', 'opFreeCities', p, undefined, { signal }) });
export const pubPagesQuery = (p: PayloadIn<'opPubPages'>) =>
  queryOptions({ queryKey: sysKeys.pubPageList(p), queryFn: ({ signal }) => request('get', 'opPubPages', p, undefined, { signal }) });
