/**
 * 推荐企业 on the storefront home: the companies operators chose on 首页推荐, in their order. The
 * call is public and lives under /api/system/, so the service worker serves its last copy at once
 * and refreshes it (stale-while-revalidate): an operator's change shows on the next visit.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { request } from '../../api/request';
import './recommended.css';

export const recommendedCompaniesQuery = () =>
  queryOptions({ queryKey: ['home', 'recommended-companies'] as const, queryFn: ({ signal }) => request('get', 'getRecommendCompanies', {}, undefined, { signal, silent: true }), staleTime: 60_000 });

export function RecommendedCompanies() {
  const q = useQuery(recommendedCompaniesQuery());
  if (!q.data || q.data.length === 0) return null;
  return (
    <section className="card home-recommend" aria-label="推荐企业">
      <h3>推荐企业</h3>
      <ul>
        {q.data.map((c) => (
          <li key={c.id}>
            <Link to="/company/$id" params={{ id: String(c.id) }} className="home-recommend-card" title={c.name}>
              {c.logo ? <img src={c.logo} alt="" /> : <span className="home-recommend-logo" aria-hidden>{(c.short_name || c.name).slice(0, 2)}</span>}
              <span>
                <strong>{c.name}</strong>
                <small className="muted">{[c.province, c.city].filter((x, i, a) => x && a.indexOf(x) === i).join(' ') || '—'}{c.is_seller ? ' · 卖家' : ''}</small>
                {c.main_brands.length > 0 && <small className="muted">主营：{c.main_brands.join('、')}</small>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
