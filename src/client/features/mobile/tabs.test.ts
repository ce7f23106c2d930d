import { describe, expect, it } from 'vitest';
import { phoneTabs, tabActive } from './tabs';

const labels = (u: Parameters<typeof phoneTabs>[0]) => phoneTabs(u).map((t) => t.label);
// the demo accounts' codes (src/server/db/seed.ts): the seller's owner holds every M and C code
const ALL = ['C07', 'C08', 'C09', 'C10', 'C11', 'M01-00', 'M01-01', 'M02', 'M02-01', 'M02-02', 'M03', 'M08'];

describe('the phone tab bar speaks to the role', () => {
  it('keeps the buyer its tabs, and a guest and an employee without sales codes too', () => {
    expect(labels({ is_seller: false, permissions: ['C07', 'C08', 'C09', 'M02', 'M08'] })).toEqual(['搜索', '购物车', '订单', '消息', '我的']);
    expect(labels(null)).toEqual(['搜索', '购物车', '订单', '消息', '我的']);
    // the demo clerk: stock only
    expect(labels({ is_seller: true, permissions: ['M03', 'C11'] })).toEqual(['搜索', '购物车', '订单', '消息', '我的']);
  });

  it('gives a seller its work: sales orders, its customers\' after-sales, messages', () => {
    const tabs = phoneTabs({ is_seller: true, permissions: ALL });
    expect(tabs.map((t) => t.label)).toEqual(['销售订单', '售后', '消息', '搜索', '我的']);
    expect(tabs[0]).toMatchObject({ to: '/ofo/sales/order' });
    expect(tabs[1]).toMatchObject({ to: '/ofo/serviceOrder', search: { side: 'seller' } });
    // a sales clerk without after-sales or buying
    expect(labels({ is_seller: true, permissions: ['C10'] })).toEqual(['销售订单', '售后', '消息', '搜索', '我的']);
    // after-sales alone (M08)
    expect(labels({ is_seller: true, permissions: ['M08'] })).toEqual(['售后', '消息', '搜索', '我的']);
  });

  it('marks the buyer\'s tabs as before', () => {
    const [search, cart, orders, messages, mine] = phoneTabs({ is_seller: false, permissions: ['C09'] });
    expect(tabActive(search!, '/ofo/search')).toBe(true);
    expect(tabActive(cart!, '/ofo/createOrder')).toBe(true);
    for (const p of ['/ofo/myorder', '/ofo/purchase/orderDetail', '/ofo/serviceOrder/detail', '/ofo/sales/order', '/ofo/enquiry/42']) expect(tabActive(orders!, p)).toBe(true);
    expect(tabActive(messages!, '/im/chat/abc')).toBe(true);
    expect(tabActive(messages!, '/im/')).toBe(true);
    expect(tabActive(mine!, '/ofo/address')).toBe(true);
    expect(tabActive(mine!, '/im')).toBe(false);
  });

  it('marks the current tab: the order detail under 销售订单, the buying pages under 搜索 for a seller who buys', () => {
    const [sales, afterSales, messages, search] = phoneTabs({ is_seller: true, permissions: ALL });
    expect(tabActive(sales!, '/ofo/purchase/orderDetail')).toBe(true);
    expect(tabActive(afterSales!, '/ofo/serviceOrder/detail')).toBe(true);
    expect(tabActive(messages!, '/im')).toBe(true);
    expect(tabActive(messages!, '/im/profile')).toBe(false);
    expect(tabActive(search!, '/ofo/cart')).toBe(true);
    expect(tabActive(search!, '/ofo/purchase/order')).toBe(true);
    // a segment, not a string prefix: the order detail is 销售订单's only
    expect(tabActive(search!, '/ofo/purchase/orderDetail')).toBe(false);
    const sellerOnly = phoneTabs({ is_seller: true, permissions: ['C10'] });
    expect(tabActive(sellerOnly[3]!, '/ofo/cart')).toBe(false);
  });
});
