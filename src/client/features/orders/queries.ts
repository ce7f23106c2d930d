import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { fileRequest, request, saveDownload } from '../../api/request';
import type { PayloadIn } from '../../../shared/contracts';

/** Query keys of orders and the finance page: lists per side and filter, one detail per order number. */
export const orderKeys = {
  all: () => ['orders'] as const,
  list: (p: PayloadIn<'orderSearch'>) => ['orders', 'list', p] as const,
  detail: (orderNo: string) => ['orders', 'detail', orderNo] as const,
  finance: () => ['orders', 'finance'] as const,
  payOptions: () => ['orders', 'pay-options'] as const,
  payment: (no: string) => ['orders', 'payment', no] as const,
  paySetting: () => ['orders', 'pay-setting'] as const,
  /** 包邮城市 (docs/platform-settings.md#free-delivery-cities) */
  freeCityRules: () => ['orders', 'free-city-rules'] as const,
};

/** 付款方式: the wallet's available balance and whether online payment is the demo checkout. */
export const payOptionsQuery = () =>
  queryOptions({ queryKey: orderKeys.payOptions(), queryFn: ({ signal }) => request('get', 'orderPayOptions', {}, undefined, { signal }) });

/** One payment (OP…) of the caller's company: its state and orders (the page after the provider's checkout). */
export const paymentQuery = (no: string) =>
  queryOptions({ queryKey: orderKeys.payment(no), queryFn: ({ signal }) => request('get', 'orderPaymentGet', { payment_no: no }, undefined, { signal }) });

/** The seller's 收款设置: whether it takes offline payments. */
export const paySettingQuery = () =>
  queryOptions({ queryKey: orderKeys.paySetting(), queryFn: ({ signal }) => request('get', 'sellerPaySettingGet', {}, undefined, { signal }) });

export const orderListQuery = (p: PayloadIn<'orderSearch'>) =>
  queryOptions({
    queryKey: orderKeys.list(p),
    queryFn: ({ signal }) => request('get', 'orderSearch', p, undefined, { signal }),
    staleTime: 10_000,
  });

export const orderDetailQuery = (orderNo: string) =>
  queryOptions({
    queryKey: orderKeys.detail(orderNo),
    queryFn: ({ signal }) => request('get', 'orderRetrieve', { order_no: orderNo }, undefined, { signal }),
    staleTime: 10_000,
  });

export const financeQuery = () =>
  queryOptions({
    queryKey: orderKeys.finance(),
    queryFn: ({ signal }) => request('get', 'financeSummary', {}, undefined, { signal }),
    staleTime: 10_000,
  });

/**
 * 导出XLSX of an order list: the list's own filter (side, status tab, payment state, number), every
 * page, built by the server with the list call's rules (GET /api/orders/export).
 */
export const downloadOrderExport = async (p: Pick<PayloadIn<'orderSearch'>, 'side' | 'status' | 'pay_status' | 'order_no'>) => {
  const query = new URLSearchParams(Object.entries(p).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));
  const title = p.side === 'purchase' ? '采购订单' : '销售订单';
  await saveDownload(await fileRequest(`/api/orders/export?${query.toString()}`), `${title}-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`);
};

/** The enabled 包邮城市 rules, for the checkout's 满X元包邮 line (docs/platform-settings.md#free-delivery-cities). */
export const freeCityRulesQuery = () =>
  queryOptions({ queryKey: orderKeys.freeCityRules(), queryFn: ({ signal }) => request('get', 'freeCityRules', {}, undefined, { signal }), staleTime: 5 * 60_000 });
