import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { CartTypeCode } from '../../../shared/domain/cart';

/** Query keys of the cart: one list per type code (配件产品 / 临时产品). */
export const cartKeys = {
  all: () => ['cart'] as const,
  list: (typeCode: CartTypeCode) => ['cart', 'list', typeCode] as const,
};

let clock = 0;
/**
 * A tick of the cart's own clock: strictly increasing, so two moments of the page are never equal
 * (Date.now() gives the same millisecond to a request and to a write seen landing just after it).
 */
export const cartTick = () => ++clock;

const fetchStarted = new Map<CartTypeCode, number>();

/**
 * When (cartTick) the request behind the cart list now in the query cache was sent (0: none this
 * page load). A write seen landing after that moment is not in it, even when its answer arrived
 * later: a list fetched across a write's landing must not undo the write on screen (usePendingCart).
 */
export const cartFetchedFrom = (typeCode: CartTypeCode = '配件产品') => fetchStarted.get(typeCode) ?? 0;

export const cartListQuery = (typeCode: CartTypeCode = '配件产品') =>
  queryOptions({
    queryKey: cartKeys.list(typeCode),
    queryFn: async ({ signal }) => {
      const started = cartTick();
      const list = await request('get', 'cartList', { type_code: typeCode }, undefined, { signal });
      fetchStarted.set(typeCode, started);
      return list;
    },
    staleTime: 15_000,
  });

/** The cart's two kinds in the address bar: /cart (配件产品) and /cart?kind=quote (临时产品: accepted quotes). */
export type CartKind = 'stock' | 'quote';
export const typeOfKind = (kind: CartKind | undefined): CartTypeCode => (kind === 'quote' ? '临时产品' : '配件产品');
