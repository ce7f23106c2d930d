import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { request } from '../../api/request';

/** Query keys of membership packages and package orders. */
export const membershipKeys = {
  packages: () => ['membership', 'packages'] as const,
  order: (orderNo: string) => ['membership', 'order', orderNo] as const,
  checkout: (token: string) => ['membership', 'checkout', token] as const,
};

export const packagesQuery = () =>
  queryOptions({ queryKey: membershipKeys.packages(), queryFn: ({ signal }) => request('get', 'getPayPackages', {}, undefined, { signal }) });

export const orderQuery = (orderNo: string) =>
  queryOptions({ queryKey: membershipKeys.order(orderNo), queryFn: ({ signal }) => request('get', 'getPackageOrder', { order_no: orderNo }, undefined, { signal, silent: true }) });

export const checkoutQuery = (token: string) =>
  queryOptions({ queryKey: membershipKeys.checkout(token), queryFn: ({ signal }) => request('get', 'sandboxCheckout', { token }, undefined, { signal, silent: true }), retry: false });

/** ?order_no= of the order and complete pages. */
export const orderSearch = v.object({ order_no: v.fallback(v.pipe(v.string(), v.trim()), '') });
