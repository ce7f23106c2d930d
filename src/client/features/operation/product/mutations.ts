/** The writes of the operator's product pages (products, brands, makes, OE numbers), with the queries each makes stale. */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { useKeyedCall } from '../../../api/use-call';
import { useFormWrite } from '../../../ui/form/form';
import { catKeys } from '../trade/queries';
import { prodKeys } from './queries';

/** A write whose success fetches `queryKey` again before the caller goes on. */
const useRefreshing = <V, A>(run: (v: V) => Promise<A>, queryKey: QueryKey) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey }) });
};

export const usePutBackOnSale = () =>
  useRefreshing((ids: number[]) => request('post', 'opProductOnSale', { ids }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }), prodKeys.products());

/** 下架 under the reason dialog's key; the list is marked stale without waiting for it. */
export const useTakeOffSale = () => useKeyedCall('opProductOffSale', { invalidate: [prodKeys.products()], refetch: 'background' });

/** The whole 推荐商品 order; the pick list fetches its query again itself. */
export const useSaveProductRecommend = () => useKeyedCall('opProductRecommendSave');

const useSetActive = (call: 'opBrandSetActive' | 'opMakeSetActive', queryKey: QueryKey) =>
  useRefreshing((payload: { ids: number[]; active: boolean }) => request('post', call, payload, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }), queryKey);

export const useSetBrandsActive = () => useSetActive('opBrandSetActive', prodKeys.brands());
export const useSetMakesActive = () => useSetActive('opMakeSetActive', prodKeys.makes());

export const useSaveBrand = () => useFormWrite('opBrandSave', { invalidate: [prodKeys.brands()] });
export const useSaveMake = () => useFormWrite('opMakeSave', { invalidate: [prodKeys.makes()] });

export const useMergeBrands = () => useKeyedCall('opBrandMerge', { invalidate: [prodKeys.brands()] });
export const useUnmergeBrands = () => useKeyedCall('opBrandUnmerge', { invalidate: [prodKeys.brands()] });

/** OE清洗's writes, each under the page's key for its body; every OE view is fetched again after a success. */
export const useMergeOe = () => useKeyedCall('opOeMerge', { invalidate: [catKeys.oe()] });
export const useUnmergeOe = () => useKeyedCall('opOeUnmerge', { invalidate: [catKeys.oe()] });
export const useRelateOe = () => useKeyedCall('opOeRelate', { invalidate: [catKeys.oe()] });
export const useUnrelateOe = () => useKeyedCall('opOeUnrelate', { invalidate: [catKeys.oe()] });
