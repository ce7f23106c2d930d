/**
 * 推荐企业 on the storefront home: the companies operators chose on 首页推荐, in their order. The
 * call is public and lives under /api/system/, so the service worker serves its last copy at once
 * and refreshes it (stale-while-revalidate): an operator's change shows on the next visit.
 */
import { Link } from '@tanstack/react-router';
import { recommendedCompaniesQuery } from './queries';
import { RecommendShelf, ShelfCard, ShelfLogo } from './RecommendShelf';
import { useT } from '../../i18n/lang';

export function RecommendedCompanies() {
  const t = useT();
  return (
    <RecommendShelf title={t('推荐企业')} query={recommendedCompaniesQuery()} item={(c) => (
      <Link to="/company/$id" params={{ id: String(c.id) }} className="home-recommend-card" title={c.name}>
        <ShelfCard
          logo={c.logo ? <img src={c.logo} alt="" /> : <ShelfLogo>{(c.short_name || c.name).slice(0, 2)}</ShelfLogo>}
          name={c.name}
          lines={[
            `${[c.province, c.city].filter((x, i, a) => x && a.indexOf(x) === i).join(' ') || '—'}${c.is_seller ? ` · ${t('卖家')}` : ''}`,
            c.main_brands.length > 0 && t('主营：{{v}}', { v: c.main_brands.join('、') }),
          ]} />
      </Link>
    )} />
  );
}
