import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { useFormWrite } from '../../ui/form/form';
import type { CircleJoinField, CircleJoinInfo } from '../../../shared/contracts';
import { circleKeys } from './queries';

/**
 * One hook per membership action. Errors show in the catalogue's error dialog (the server's own
 * words, e.g. 圈主企业不能退出自己的商圈); every action refreshes all circle queries, the
 * search page's 圈内搜索 tab included.
 */
const useCircleMutation = <P,>(run: (p: P) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // these pages show no error of their own: offline, the action waits for the network (paused)
    // instead of failing without a word
    networkMode: 'online',
    onSettled: () => queryClient.invalidateQueries({ queryKey: circleKeys.all }),
  });
};

/** 申请加入, with the 入圈资料 the owner requires (docs/circles.md, "Joining"). */
export const useJoinCircle = () =>
  useCircleMutation((p: { circleId: number; info?: CircleJoinInfo }) =>
    request('post', 'tradeCircleJoin', { circle_id: p.circleId, join_info: p.info ?? {} }, undefined, { idempotencyKey: crypto.randomUUID() }));

export const useQuitCircle = () => useCircleMutation((circleId: number) => request('post', 'tradeCircleQuit', { circle_id: circleId }));

export const useDecideMembership = () =>
  useCircleMutation((p: { circle_id: number; company_id: number; approve: boolean }) =>
    request('post', p.approve ? 'tradeCircleApprove' : 'tradeCircleReject', { circle_id: p.circle_id, company_id: p.company_id }));

/** 创建商圈, the page's form save (useForm().submit, its key kept across retries); the circle lists are fetched again after it. */
export const useCreateCircle = () => useFormWrite('tradeCircleCreate', { invalidate: [circleKeys.all] });

/** 分配 / 修改分配 (edit with allocating): the form's save; every circle list is fetched again after it. */
export const useAllocate = () => useFormWrite('tradeCircleAllocate', { invalidate: [circleKeys.all] });

export const useWithdrawAllocation = () =>
  useCircleMutation((p: { circle_id: number; stock_id: number }) => request('post', 'tradeCircleWithdraw', p));

export const useSetJoinFields = () =>
  useCircleMutation((p: { circle_id: number; join_fields: CircleJoinField[] }) => request('post', 'tradeCircleJoinFields', p));
