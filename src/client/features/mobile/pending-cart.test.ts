import { describe, expect, it } from 'vitest';
import type { CartItem, CartList } from '../../../shared/contracts';
import { overlayPending } from './pending-cart';

const item = (id: number, companyId: number, over: Partial<CartItem> = {}): CartItem => ({
  id, stockId: id * 10, quoteId: null, enquiryId: 0, enquiryNo: '', validUntil: 0, deliveryDays: 0, companyId, companyName: `卖家${companyId}`,
  sellerCompanyProvinceName: '', sellerCompanyCityName: '', supplierOe: `OE${id}`, name: `配件${id}`, uomName: '个', qty: 1, stockQty: 10,
  price: 1000, priceColumn: 'price0', amount: 1000, isIncludeTaxProduct: false, checked: true, qualityName: '', brandName: '', isOriginal: false,
  productSource: 1, unavailableReason: '', typeCode: '配件产品', circleId: null, ...over,
});
const cart: CartList = {
  groups: [
    { companyId: 6, companyName: '卖家6', deliveryArea: '', checked: true, items: [item(1, 6), item(2, 6)] },
    { companyId: 7, companyName: '卖家7', deliveryArea: '', checked: true, items: [item(3, 7)] },
  ],
  count: 3, checkedCount: 3, checkedQty: 3, checkedAmount: 3000,
};

describe('the cart with the writes still queued laid over it', () => {
  it('shows quantities, ticks and tax flags as last set, in the order they were made, with the totals', () => {
    const o = overlayPending(cart, [
      { seq: 2, name: 'cartUpdateQty', payload: { id: 1, qty: 5 } },
      { seq: 1, name: 'cartUpdateQty', payload: { id: 1, qty: 3 } },
      { seq: 3, name: 'cartCheck', payload: { ids: [3], checked: false } },
      { seq: 4, name: 'cartUpdateTax', payload: { id: 2, is_include_tax: true } },
    ]);
    const [a, b] = o.cart.groups[0].items;
    expect(a.qty).toBe(5);
    expect(a.amount).toBe(5000);
    expect(b.isIncludeTaxProduct).toBe(true);
    expect(o.cart.groups[1].checked).toBe(false);
    expect(o.cart).toMatchObject({ count: 3, checkedCount: 2, checkedQty: 6, checkedAmount: 6000 });
    expect([...o.pendingIds].sort()).toEqual([1, 2, 3]);
    // the server's copy is left as it was
    expect(cart.groups[0].items[0].qty).toBe(1);
  });

  it('drops removed lines and a seller without lines; counts adds it cannot show yet', () => {
    const o = overlayPending(cart, [
      { seq: 1, name: 'cartRemove', payload: { ids: [3] } },
      { seq: 2, name: 'cartAdd', payload: { stock_id: 99, qty: 1 } },
    ]);
    expect(o.cart.groups.map((g) => g.companyId)).toEqual([6]);
    expect(o.cart.count).toBe(2);
    expect(o.pendingAdds).toBe(1);
  });
});
