import { useEffect } from 'react';
import type { ShopSearch } from './shop-search';
import { ShopPage } from './ShopPage';

/** The phone variant lives outside the storefront chrome; the page drops the desktop minimum width while it is open. */
export function MobileShop({ id, search }: { id: string; search: ShopSearch }) {
  useEffect(() => {
    document.body.classList.add('shop-mobile');
    return () => document.body.classList.remove('shop-mobile');
  }, []);
  return <ShopPage id={Number(id)} search={search} mobile />;
}
