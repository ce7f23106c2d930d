/** Query keys and options of the operator's product pages (product list, part brands, car makes). */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../shared/contracts';
import { request } from '../../../api/request';

export const prodKeys = {
  products: () => ['op', 'products'] as const,
  recommend: () => ['op', 'products', 'recommend'] as const,
  productList: (p: PayloadIn<'opProductList'>) => ['op', 'products', p] as const,
  brands: () => ['op', 'brands'] as const,
  brandList: (p: PayloadIn<'opBrandList'>) => ['op', 'brands', p] as const,
  brandDuplicates: () => ['op', 'brands', 'duplicates'] as const,
  brandMerges: (p: PayloadIn<'opBrandMergeList'>) => ['op', 'brands', 'merges', p] as const,
  makes: () => ['op', 'makes'] as const,
  makeList: (p: PayloadIn<'opMakeList'>) => ['op', 'makes', p] as const,
};

export const productListQuery = (p: PayloadIn<'opProductList'>) =>
  queryOptions({ queryKey: prodKeys.productList(p), queryFn: ({ signal }) => request('get', 'opProductList', p, undefined, { signal }) });
export const brandListQuery = (p: PayloadIn<'opBrandList'>) =>
  queryOptions({ queryKey: prodKeys.brandList(p), queryFn: ({ signal }) => request('get', 'opBrandList', p, undefined, { signal }) });
export const makeListQuery = (p: PayloadIn<'opMakeList'>) =>
  queryOptions({ queryKey: prodKeys.makeList(p), queryFn: ({ signal }) => request('get', 'opMakeList', p, undefined, { signal }) });
export const brandDuplicatesQuery = () =>
  queryOptions({ queryKey: prodKeys.brandDuplicates(), queryFn: ({ signal }) => request('get', 'opBrandDuplicates', {}, undefined, { signal }) });
export const productRecommendQuery = () =>
  queryOptions({ queryKey: prodKeys.recommend(), queryFn: ({ signal }) => request('get', 'opProductRecommendList', {}, undefined, { signal }) });
export const brandMergeListQuery = (p: PayloadIn<'opBrandMergeList'>) =>
  queryOptions({ queryKey: prodKeys.brandMerges(p), queryFn: ({ signal }) => request('get', 'opBrandMergeList', p, undefined, { signal }) });

/** The brands matching what is typed in a brand picker: asked on each keystroke, not cached. */
export const fetchBrands = (p: PayloadIn<'opBrandList'>) => request('get', 'opBrandList', p, undefined, { silent: true });
