/**
 * Desktop pages and their phone pages (requirements 000-2 /ofo and /im): which phone page a phone
 * opening a desktop page is sent to (docs/architecture.md, Devices), and which desktop page a
 * phone page links back to (电脑版). Pure, so both directions are unit-tested.
 */

type Query = Record<string, string>;

const qs = (q: Query) => {
  const p = new URLSearchParams(Object.entries(q).filter(([, v]) => v !== ''));
  const s = p.toString();
  return s ? `?${s}` : '';
};

/** The illustration pages keep the VIN, vehicle and subgroup both ways. */
const illustrationQuery = (q: Query): Query => ({ vin: q.vin ?? '', vehicle_id: q.vehicle_id ?? '', subgroup_id: q.subgroup_id ?? '' });

/** The after-sale lists keep the side (我是卖家 / 我是买家) and the status both ways. */
const afterSaleQuery = (q: Query) => qs({ side: q.side === 'seller' || q.side === 'buyer' ? q.side : '', status: q.status ?? '' });

/** The phone page for a desktop address, or null when it has none. */
export const mobileCounterpart = (pathname: string, query: Query = {}): string | null => {
  const p = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (p === '/' || p === '/search' || p === '/search/parts') return '/ofo/search';
  if (p === '/search/parts/oe') return `/ofo/search${qs({ code: query.code ?? '' })}`;
  if (p === '/search/parts/keyword') return `/ofo/search${qs({ k: query.k ?? '', mode: query.mode ?? '' })}`;
  if (p === '/search/parts/illustration') return `/im/illustration${qs(illustrationQuery(query))}`;
  if (p === '/cart') return '/ofo/cart';
  if (p === '/cart/order/create') return '/ofo/createOrder';
  if (p === '/backend/order/purchase') return `/ofo/purchase/order${qs({ status: query.status ?? '' })}`;
  if (p === '/backend/order/sales') return `/ofo/sales/order${qs({ status: query.status ?? '' })}`;
  if (p === '/enquiry/list') return '/ofo/enquiry';
  const enquiry = /^\/enquiry\/list\/(\d{1,9})$/.exec(p);
  if (enquiry) return `/ofo/enquiry/${enquiry[1]}`;
  const detail = /^\/backend\/order\/detail\/(SO\d{20})$/.exec(p);
  if (detail) return `/ofo/purchase/orderDetail?order_no=${detail[1]}`;
  // either side: the phone list shows the side asked for, and without one the desktop list's first
  if (p === '/backend/service/afterSale') return `/ofo/serviceOrder${afterSaleQuery(query)}`;
  const afterSale = /^\/backend\/service\/afterSale\/detail\/(AS\d{20})$/.exec(p);
  if (afterSale) return `/ofo/serviceOrder/detail?as_no=${afterSale[1]}`;
  if (p === '/backend/settings/profile') return '/im/profile';
  if (p === '/backend/settings/password') return '/im/password';
  if (p === '/points') return '/ofo/points';
  return null;
};

/** The desktop page a mobile page links back to (电脑版). */
export const desktopCounterpart = (pathname: string, query: Query = {}): string => {
  const p = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (p === '/ofo/search' || p === '/ofo/spotGoods') {
    if (query.code) return `/search/parts/oe?code=${encodeURIComponent(query.code)}`;
    if (query.k) return `/search/parts/keyword${qs({ k: query.k, mode: query.mode ?? '' })}`;
    return '/search';
  }
  if (p === '/im/illustration') return `/search/parts/illustration${qs(illustrationQuery(query))}`;
  if (p === '/ofo/cart') return '/cart';
  if (p === '/ofo/points') return '/points';
  if (p === '/ofo/createOrder') return '/cart/order/create';
  if (p === '/ofo/sales/order') return '/backend/order/sales';
  if (p === '/ofo/enquiry') return '/enquiry/list';
  const enquiry = /^\/ofo\/enquiry\/(\d{1,9})$/.exec(p);
  if (enquiry) return `/enquiry/list/${enquiry[1]}`;
  if (p === '/ofo/myorder' || p === '/ofo/purchase/order' || p === '/ofo/purchase/payment' || p === '/im/purchase') return '/backend/order/purchase';
  if ((p === '/ofo/purchase/orderDetail' || p === '/ofo/purchase/logistics') && query.order_no) return `/backend/order/detail/${query.order_no}`;
  if (p === '/ofo/serviceOrder') return `/backend/service/afterSale${afterSaleQuery(query)}`;
  if (p === '/ofo/serviceOrder/detail' && query.as_no) return `/backend/service/afterSale/detail/${query.as_no}`;
  if (p === '/im/profile') return '/backend/settings/profile';
  if (p === '/im/password') return '/backend/settings/password';
  return '/';
};

/** Phones: narrower than the spec's smallest breakpoint (requirements 000-9: 576). */
export const PHONE_QUERY = '(max-width: 575.98px)';
/** A phone is narrow and touched (docs/architecture.md, Devices): a narrow desktop window is not one. */
export const TOUCH_QUERY = '(pointer: coarse)';

/**
 * Which checkout a payment started on this page asks the provider for (docs/money.md, "Payment
 * providers"): the phone's (Alipay wap pay) on the phone pages (/ofo, /im) and in a phone-sized
 * window, the desktop's page checkout otherwise. Pure; `checkoutDevice()` reads the page.
 */
export const checkoutDeviceFor = (pathname: string, phoneSized: boolean): 'desktop' | 'phone' =>
  phoneSized || /^\/(ofo|im)(\/|$)/.test(pathname) ? 'phone' : 'desktop';

export const checkoutDevice = (): 'desktop' | 'phone' =>
  checkoutDeviceFor(typeof location === 'undefined' ? '/' : location.pathname, typeof matchMedia === 'function' && matchMedia(PHONE_QUERY).matches);
