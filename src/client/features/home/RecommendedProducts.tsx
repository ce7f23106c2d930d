/**
 * 推荐商品 on the storefront home: the sellers' stock rows operators chose on 推荐商品, in their
 * order, each opening the OE search for its number (where the buyer sees every seller's offer at
 * the prices of their level). Public under /api/system/, served stale-while-revalidate by the
 * service worker like 推荐企业: an operator's change shows on the next visit.
 */
import { Link } from '@tanstack/react-router';
import { recommendedProductsQuery } from './queries';
import { RecommendShelf, ShelfCard, ShelfLogo } from './RecommendShelf';
import { useT } from '../../i18n/lang';

export function RecommendedProducts() {
  const t = useT();
  return (
    <RecommendShelf title={t('推荐商品')} query={recommendedProductsQuery()} item={(p) => (
      <Link to="/search/parts/oe" search={{ code: p.supplier_oe }} className="home-recommend-card" title={`${p.name} ${p.supplier_oe}`}>
        <ShelfCard
          logo={<ShelfLogo><i className="pi pi-box" /></ShelfLogo>}
          name={p.name}
          lines={[
            `${p.supplier_oe}${p.brand_name ? ` · ${p.brand_name}` : ''}${p.make_name ? ` · ${p.make_name}` : ''}`,
            `${p.company_name}${p.city ? ` · ${p.city}` : ''}`,
          ]} />
      </Link>
    )} />
  );
}
