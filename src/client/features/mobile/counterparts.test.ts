import { describe, expect, it } from 'vitest';
import { checkoutDeviceFor, desktopCounterpart, mobileCounterpart } from './counterparts';

describe('desktop and phone pages', () => {
  it('offers the phone page of a desktop page, keeping what it shows', () => {
    expect(mobileCounterpart('/')).toBe('/ofo/search');
    expect(mobileCounterpart('/search/parts/')).toBe('/ofo/search');
    expect(mobileCounterpart('/search/parts/oe', { code: '0446533450', r: '17' })).toBe('/ofo/search?code=0446533450');
    expect(mobileCounterpart('/search/parts/keyword', { k: '刹车片', mode: 'exact' })).toBe(`/ofo/search?k=${encodeURIComponent('刹车片')}&mode=exact`);
    expect(mobileCounterpart('/cart')).toBe('/ofo/cart');
    expect(mobileCounterpart('/cart/order/create', { kind: 'stock' })).toBe('/ofo/createOrder');
    expect(mobileCounterpart('/backend/order/purchase', { status: 'shipped' })).toBe('/ofo/purchase/order?status=shipped');
    expect(mobileCounterpart('/backend/order/detail/SO20261125000000000001')).toBe('/ofo/purchase/orderDetail?order_no=SO20261125000000000001');
    expect(mobileCounterpart('/backend/order/sales', { status: 'confirmed' })).toBe('/ofo/sales/order?status=confirmed');
    expect(mobileCounterpart('/enquiry/list', { page: '2' })).toBe('/ofo/enquiry');
    expect(mobileCounterpart('/enquiry/list/42')).toBe('/ofo/enquiry/42');
    expect(mobileCounterpart('/backend/service/afterSale', { side: 'buyer' })).toBe('/ofo/serviceOrder?side=buyer');
    // the seller's side too (我是卖家): the phone list answers it
    expect(mobileCounterpart('/backend/service/afterSale', { side: 'seller', status: 'pending' })).toBe('/ofo/serviceOrder?side=seller&status=pending');
    expect(mobileCounterpart('/backend/service/afterSale')).toBe('/ofo/serviceOrder');
    expect(mobileCounterpart('/backend/service/afterSale', { side: 'x' })).toBe('/ofo/serviceOrder');
    expect(mobileCounterpart('/backend/service/afterSale/detail/AS20261125000000000001')).toBe('/ofo/serviceOrder/detail?as_no=AS20261125000000000001');
  });

  it('offers nothing for pages without a phone page', () => {
    for (const p of ['/backend/product/stockAndPrice', '/backend/quote/7', '/operation', '/login', '/company/6', '/backend/order/detail/x', '/enquiry/list/x', '/enquiry/publish']) expect(mobileCounterpart(p)).toBeNull();
  });

  it('links each phone page back to its desktop page', () => {
    expect(desktopCounterpart('/ofo/search', { code: '0446533450' })).toBe('/search/parts/oe?code=0446533450');
    expect(desktopCounterpart('/ofo/search', { k: '刹车片', mode: 'fuzzy' })).toBe(`/search/parts/keyword?k=${encodeURIComponent('刹车片')}&mode=fuzzy`);
    expect(desktopCounterpart('/ofo/search')).toBe('/search');
    expect(desktopCounterpart('/ofo/cart')).toBe('/cart');
    expect(desktopCounterpart('/ofo/purchase/logistics', { order_no: 'SO20261125000000000001' })).toBe('/backend/order/detail/SO20261125000000000001');
    expect(desktopCounterpart('/ofo/sales/order')).toBe('/backend/order/sales');
    expect(desktopCounterpart('/ofo/serviceOrder', { side: 'seller' })).toBe('/backend/service/afterSale?side=seller');
    expect(desktopCounterpart('/ofo/serviceOrder', { side: 'buyer', status: 'pending', page: '2' })).toBe('/backend/service/afterSale?side=buyer&status=pending');
    expect(desktopCounterpart('/ofo/serviceOrder')).toBe('/backend/service/afterSale');
    expect(desktopCounterpart('/ofo/serviceOrder/detail', { as_no: 'AS20261125000000000001' })).toBe('/backend/service/afterSale/detail/AS20261125000000000001');
    expect(desktopCounterpart('/ofo/purchase/orderDetail', { order_no: 'SO20261125000000000001' })).toBe('/backend/order/detail/SO20261125000000000001');
    expect(desktopCounterpart('/ofo/enquiry')).toBe('/enquiry/list');
    expect(desktopCounterpart('/ofo/enquiry/42')).toBe('/enquiry/list/42');
    expect(desktopCounterpart('/ofo/address')).toBe('/');
    expect(desktopCounterpart('/im')).toBe('/');
  });

  it('keeps the vehicle and subgroup between the two illustration pages', () => {
    expect(mobileCounterpart('/search/parts/illustration', { vehicle_id: '1', subgroup_id: '8' })).toBe('/im/illustration?vehicle_id=1&subgroup_id=8');
    expect(mobileCounterpart('/search/parts/illustration')).toBe('/im/illustration');
    expect(desktopCounterpart('/im/illustration', { vin: 'LFV2B2BU1L3012345' })).toBe('/search/parts/illustration?vin=LFV2B2BU1L3012345');
  });
});

describe('the checkout a payment asks for', () => {
  it('is the phone\'s on the phone pages and in a phone-sized window, the desktop\'s otherwise', () => {
    expect(checkoutDeviceFor('/ofo/purchase/payment', false)).toBe('phone');
    expect(checkoutDeviceFor('/ofo', false)).toBe('phone');
    expect(checkoutDeviceFor('/im/cart', false)).toBe('phone');
    expect(checkoutDeviceFor('/backend/accounting/wallet', true)).toBe('phone');
    expect(checkoutDeviceFor('/backend/accounting/wallet', false)).toBe('desktop');
    expect(checkoutDeviceFor('/pay/package/order', false)).toBe('desktop');
    // a desktop page whose name only starts like a phone page's
    expect(checkoutDeviceFor('/office/x', false)).toBe('desktop');
    expect(checkoutDeviceFor('/image', false)).toBe('desktop');
  });
});
