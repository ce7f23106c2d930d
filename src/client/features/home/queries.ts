import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

/** Query keys of the storefront home. */
export const homeKeys = {
  recommendedCompanies: () => ['home', 'recommended-companies'] as const,
  recommendedProducts: () => ['home', 'recommended-products'] as const,
};

export const recommendedCompaniesQuery = () =>
  queryOptions({ queryKey: homeKeys.recommendedCompanies(), queryFn: ({ signal }) => request('get', 'getRecommendCompanies', {}, undefined, { signal, silent: true }), staleTime: 60_000 });

export const recommendedProductsQuery = () =>
  queryOptions({ queryKey: homeKeys.recommendedProducts(), queryFn: ({ signal }) => request('get', 'getRecommendProducts', {}, undefined, { signal, silent: true }), staleTime: 60_000 });
