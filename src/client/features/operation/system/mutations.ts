/** The writes of the operator's system pages, with the queries each makes stale. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../shared/contracts';
import type { PlatformListKind } from '../../../../shared/domain/platform-lists';
import { request } from '../../../api/request';
import { useFormWrite } from '../../../ui/form/form';
import { exchangeRatesQuery } from '../../currency/queries';
import { membershipKeys } from '../../membership/queries';
import { opKeys } from '../queries';
import { sysKeys } from './queries';

/** Deletes an ad; the operator's list and the storefront's reads of ads are fetched again. */
export const useDeleteAd = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('post', 'opAdDelete', { id }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sysKeys.ads() });
      await queryClient.invalidateQueries({ queryKey: sysKeys.siteAds() });
    },
  });
};

export const useSaveAd = () => useFormWrite('opAdSave', { invalidate: [sysKeys.ads(), sysKeys.siteAds()] });

/** One system parameter; the storefront's own reads of parameters (persisted for offline starts) fetch again too. */
export const useSetConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadIn<'opConfigSet'>) => request('post', 'opConfigSet', payload, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: opKeys.config() });
      await queryClient.invalidateQueries({ queryKey: sysKeys.siteConfig() });
    },
  });
};

/** 设置汇率, a rate row's form save (useForm().submit); the rates and the storefront's dong prices are read again. */
export const useSetRate = () => useFormWrite('opRateSet', { invalidate: [opKeys.rates(), exchangeRatesQuery().queryKey] });

/** A level saved: the levels and the membership packages (priced by level) are fetched again. */
export const useSaveLevel = () => useFormWrite('opLevelSave', { invalidate: [sysKeys.levels(), membershipKeys.packages()] });

/** 停用 / 启用 of entries of one kind (per row or in bulk). */
export const useSetListEntriesActive = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadIn<'opListEntrySetActive'>) =>
      request('post', 'opListEntrySetActive', payload, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: (_answer, payload) => queryClient.invalidateQueries({ queryKey: sysKeys.lists(payload.kind) }),
  });
};

export const useSaveListEntry = (kind: PlatformListKind) => useFormWrite('opListEntrySave', { invalidate: [sysKeys.lists(kind)] });

export const useSetNotice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => request('post', 'opNoticeSet', { text }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sysKeys.siteConfig() }),
  });
};

export const useSaveNoticeTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadIn<'opNoticeTemplateSave'>) =>
      request('post', 'opNoticeTemplateSave', payload, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sysKeys.noticeTemplates() }),
  });
};

/** 质保条款 saved (new, edited, 启用 / 停用): the terms are read again; the marks in search answers follow on their next read. */
export const useSaveWarrantyTerm = () => useFormWrite('opWarrantyTermSave', { invalidate: [sysKeys.warrantyTerms()] });

/** 微信模板消息: one scene's template (docs/wechat.md) */
export const useSaveWechatTemplate = () => useFormWrite('opWechatTemplateSave', { invalidate: [sysKeys.wechatTemplates()] });

/** 批量工具: start a job (the form's save) and cancel one; the job list is read again (docs/batch-jobs.md) */
export const useStartBatchJob = () => useFormWrite('opBatchJobStart', { invalidate: [sysKeys.batchJobs()] });
export const useCancelBatchJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('post', 'opBatchJobCancel', { job_id: id }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sysKeys.batchJobs() });
    },
  });
};
/** 汽配城, 汽配联盟, 包邮城市 and 公共页面 saved (docs/platform-settings.md): their list is read again. */
export const useSaveAutopartsCity = () => useFormWrite('opAutopartsCitySave', { invalidate: [sysKeys.autopartsCities()] });
export const useSaveAlliance = () => useFormWrite('opAllianceSave', { invalidate: [sysKeys.alliances()] });
export const useSaveFreeCity = () => useFormWrite('opFreeCitySave', { invalidate: [sysKeys.freeCities()] });
export const useSavePubPage = () => useFormWrite('opPubPageSave', { invalidate: [sysKeys.pubPages()] });
