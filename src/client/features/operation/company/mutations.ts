/** The operator's writes on companies, their groups, relations, reviews, circles, 首页推荐 and 展厅. */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../shared/contracts';
import { request } from '../../../api/request';
import { useKeyedCall } from '../../../api/use-call';
import { useFormWrite } from '../../../ui/form/form';
import { opKeys } from '../queries';
import { opCompanyKeys } from './queries';

/**
 * A change of companies or of their groups: the company pages (list, detail, relations, reviews)
 * and the groups' pages show both (a list's group filter, a group's members).
 */
const COMPANY_AND_GROUP_KEYS = [opKeys.companies(), opCompanyKeys.companyGroups()];
const refreshCompaniesAndGroups = (queryClient: QueryClient) =>
  Promise.all(COMPANY_AND_GROUP_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** 停用企业 (SuspendDialog): one call for every chosen company; the pages refresh without waiting, the dialog closes at once. */
export const useSuspendCompanies = () => useKeyedCall('opCompanySuspend', { invalidate: COMPANY_AND_GROUP_KEYS, refetch: 'background' });

/** 恢复 one or more companies; the pages are fetched again before the outcome shows. */
export const useRestoreCompanies = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => request('post', 'opCompanyRestore', { ids }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => refreshCompaniesAndGroups(queryClient),
  });
};

/** 企业资料 on the company's detail (a form). */
export const useUpdateCompany = () => useFormWrite('opCompanyUpdate', { invalidate: [opKeys.companies()] });

/** 会员等级 on the company's detail; the outcome shows at once, the pages refresh meanwhile. */
export const useSetCompanyLevel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadIn<'opCompanySetLevel'>) =>
      request('post', 'opCompanySetLevel', payload, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: opKeys.companies() });
    },
  });
};

/**
 * 加入分组: from the company list's batch selection (a form, its key kept through refusals) and
 * on a group's page (a new key each press).
 */
export const useAddCompaniesToGroup = () => useFormWrite('opGroupAddCompanies', { invalidate: COMPANY_AND_GROUP_KEYS });

/** 移出分组: from the company list's batch selection or one row of a group's page. */
export const useRemoveCompaniesFromGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadIn<'opGroupRemoveCompanies'>) =>
      request('post', 'opGroupRemoveCompanies', payload, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => refreshCompaniesAndGroups(queryClient),
  });
};

/** New or edited group (GroupDialog, a form). */
export const useSaveGroup = () => useFormWrite('opGroupSave', { invalidate: COMPANY_AND_GROUP_KEYS });

/** 删除分组: the page leaves for the group list at once; the lists refresh meanwhile. */
export const useDeleteGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('post', 'opGroupDelete', { id }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => {
      void refreshCompaniesAndGroups(queryClient);
    },
  });
};

/** 群发通知 (a form). */
export const useSendGroupNotice = () => useFormWrite('opGroupMessageSend', { invalidate: COMPANY_AND_GROUP_KEYS });

/** 设为分公司 */
export const useLinkRelation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadIn<'opRelationLink'>) =>
      request('post', 'opRelationLink', payload, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opKeys.companies() }),
  });
};

/** 解除 a branch from its head company */
export const useUnlinkRelation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (branchId: number) =>
      request('post', 'opRelationUnlink', { branch_id: branchId }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opKeys.companies() }),
  });
};

/** 通过 a company's change of its data */
export const useApproveReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('post', 'opReviewApprove', { id }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opKeys.companies() }),
  });
};

/** 驳回 a company's change of its data, with a reason; the dialog closes at once, the list refreshes meanwhile. */
export const useRejectReview = () => useKeyedCall('opReviewReject', { invalidate: [opKeys.companies()], refetch: 'background' });

/** 首页推荐: the whole order in one call (OrderedPickList fetches the list again itself). */
export const useSaveRecommend = () => useKeyedCall('opRecommendSave');

/** A circle's name and description, the edit form's save (useForm().submit, its key kept through refusals); the circle is fetched again meanwhile. */
export const useUpdateCircle = () => useFormWrite('opCircleUpdate', { invalidate: [opCompanyKeys.circles()] });

/** 移出 a member or 撤销 a request, with a reason; the dialog closes at once, the circle refreshes meanwhile. */
export const useRemoveCircleMember = () => useKeyedCall('opCircleRemoveMember', { invalidate: [opCompanyKeys.circles()], refetch: 'background' });

/** 解散商圈, with a reason; the page says so at once, the circles refresh meanwhile. */
export const useDissolveCircle = () => useKeyedCall('opCircleDissolve', { invalidate: [opCompanyKeys.circles()], refetch: 'background' });

/** 移除 one 展厅 photo or video, with a reason; the dialog closes at once, the list refreshes meanwhile. */
export const useRemoveExhibitionItem = () => useKeyedCall('opExhibitionRemove', { invalidate: [opCompanyKeys.exhibitions()], refetch: 'background' });
