import { describe, expect, it } from 'vitest';
import type { BackofficeSummary } from '../../../shared/contracts';
import { todoItems } from './todo';

const base: BackofficeSummary = {
  sales_pending: null, sales_to_ship: null, quote_open: null, zone_enquiries: null, zone_wanted: null, zone_makes: null,
  aftersale_seller: null, aftersale_buyer: null, purchase_to_receive: null, new_quotes: null, stock_zero: null, stock_locked: null,
  stock_queries: { used: 0, total_per_day: 200, unlimited: false }, vin: { used: 0, available: 5, vin_company_order_current_type: 'count' }, employees: null,
};

describe('待处理', () => {
  it('lists only the counts the caller may see, what waits first, each linked to its list', () => {
    const items = todoItems({ ...base, sales_pending: 0, sales_to_ship: 2, quote_open: 1, aftersale_seller: 0, stock_zero: 3 });
    expect(items.map((i) => [i.key, i.n])).toEqual([['sales_to_ship', 2], ['quote_open', 1], ['stock_zero', 3], ['sales_pending', 0], ['aftersale_seller', 0]]);
    expect(items[0]).toMatchObject({ to: '/backend/order/sales', search: { status: 'confirmed' } });
    expect(items.find((i) => i.key === 'aftersale_seller')).toMatchObject({ to: '/backend/service/afterSale', search: { side: 'seller' } });
  });
  it('a clerk with only stock codes sees only stock', () => {
    expect(todoItems({ ...base, stock_zero: 0, stock_locked: 4 }).map((i) => i.key)).toEqual(['stock_locked', 'stock_zero']);
  });
});
