import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { CartTypeCode } from '../../../shared/domain/cart';

/** Query keys of the cart: one list per type code (配件产品 / 临时产品). */
export const cartKeys = {
  all: () => ['cart'] as const,
  list: (typeCode: CartTypeCode) => ['cart', 'list', typeCode] as const,
};

export const cartListQuery = (typeCode: CartTypeCode = '配件产品') =>
  queryOptions({
    queryKey: cartKeys.list(typeCode),
    queryFn: ({ signal }) => request('get', 'cartList', { type_code: typeCode }, undefined, { signal }),
    staleTime: 15_000,
  });

/** The cart's two kinds in the address bar: /cart (配件产品) and /cart?kind=quote (临时产品: accepted quotes). */
export type CartKind = 'stock' | 'quote';
export const typeOfKind = (kind: CartKind | undefined): CartTypeCode => (kind === 'quote' ? '临时产品' : '配件产品');
