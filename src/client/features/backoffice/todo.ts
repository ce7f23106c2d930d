/**
 * The back-office home's 待处理 (docs/architecture.md, "Landing per role"): the counts the server
 * gives the caller (null: the caller's codes do not open that list) as links to their lists, what
 * waits first. Pure, so the order and the links are unit-tested.
 */
import type { BackofficeSummary } from '../../../shared/contracts';

export interface TodoItem {
  key: string;
  label: string;
  n: number;
  to: string;
  search: Record<string, string>;
  hint: string;
}

type Def = Omit<TodoItem, 'n'> & { n: (s: BackofficeSummary) => number | null };

const DEFS: readonly Def[] = [
  { key: 'sales_pending', label: '待确认的销售订单', n: (s) => s.sales_pending, to: '/backend/order/sales', search: { status: 'pending' }, hint: '买家在等您确认' },
  { key: 'sales_to_ship', label: '待发货的销售订单', n: (s) => s.sales_to_ship, to: '/backend/order/sales', search: { status: 'confirmed' }, hint: '已确认，尚未发货' },
  { key: 'quote_open', label: '待报价的询价单', n: (s) => s.quote_open, to: '/backend/quote', search: { state: 'open' }, hint: '买家发给您的询价，尚未报价' },
  { key: 'aftersale_seller', label: '待处理的售后', n: (s) => s.aftersale_seller, to: '/backend/service/afterSale', search: { side: 'seller' }, hint: '等您同意、收货或退款' },
  { key: 'zone_enquiries', label: '报价专区的询价', n: (s) => s.zone_enquiries, to: '/backend/quote/zone', search: { state: 'open' }, hint: '主营车型的公开询价，尚未报价' },
  { key: 'zone_wanted', label: '报价专区的求购', n: (s) => s.zone_wanted, to: '/backend/quote/zone', search: { state: 'open' }, hint: '主营车型的求购，尚未报价' },
  { key: 'purchase_to_receive', label: '待收货的采购订单', n: (s) => s.purchase_to_receive, to: '/backend/order/purchase', search: { status: 'shipped' }, hint: '卖家已发货，收到后确认收货' },
  { key: 'aftersale_buyer', label: '待退货的售后', n: (s) => s.aftersale_buyer, to: '/backend/service/afterSale', search: { side: 'buyer', status: 'awaiting_return' }, hint: '卖家已同意，请寄回配件' },
  { key: 'new_quotes', label: '未查看的新报价', n: (s) => s.new_quotes, to: '/enquiry/list', search: {}, hint: '您的询价和求购收到的报价' },
  { key: 'stock_zero', label: '零库存', n: (s) => s.stock_zero, to: '/backend/product/stockAndPrice', search: { zero_stock: '1' }, hint: '补货或下架，免得买家扑空' },
  { key: 'stock_locked', label: '价格已锁定', n: (s) => s.stock_locked, to: '/backend/product/stockAndPrice', search: { price_lock: 'locked' }, hint: '解锁后才能改价' },
];

/** The items the caller may see, those with something waiting first (each group in the order above). */
export const todoItems = (s: BackofficeSummary): TodoItem[] => {
  const items = DEFS.flatMap(({ n, ...d }) => {
    const v = n(s);
    return v === null ? [] : [{ ...d, n: v }];
  });
  return [...items.filter((i) => i.n > 0), ...items.filter((i) => i.n === 0)];
};
