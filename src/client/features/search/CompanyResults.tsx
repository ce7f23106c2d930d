import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Paginator } from 'primereact/paginator';
import { Tag } from 'primereact/tag';
import { Dropdown } from 'primereact/dropdown';
import { companyMarketsQuery, companySearchQuery } from './queries';
import { msg } from '../../../shared/messages';
import { UPGRADE_UNLOCKS } from './StockTable';
import { useT } from '../../i18n/lang';

/**
 * 企业黄页: seller companies as cards; contacts blurred with the upgrade prompt for registered
 * members. Narrowed to one 汽配城 by `market` (docs/platform-settings.md#autoparts-markets): then
 * the text may be empty and every seller of that market is listed.
 */
export function CompanyResults({ k, market, page }: { k: string; market: number; page: number }) {
  const t = useT();
  const navigate = useNavigate();
  const q = useQuery(companySearchQuery(k, market, page));
  const markets = useQuery(companyMarketsQuery()).data ?? [];
  const marketName = markets.find((m) => m.id === market)?.name;
  const go = (next: { market?: number; page?: number }) =>
    void navigate({ to: '/search/company', search: { k, page: next.page ?? 1, ...((next.market ?? market) > 0 ? { market: next.market ?? market } : {}) } });
  const filter = (markets.length > 0 || market > 0) && (
    <div className="company-market-filter" style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', flexWrap: 'wrap', marginBottom: '0.5rem' }}>
      <label htmlFor="company-market">{t('汽配城')}</label>
      <Dropdown inputId="company-market" value={market} onChange={(e) => go({ market: Number(e.value) })}
        options={[{ value: 0, label: t('全部汽配城') }, ...markets.map((m) => ({ value: m.id, label: `${m.name}（${m.province}${m.city}）${t('{{n}} 家', { n: m.seller_count })}` }))]} />
    </div>
  );
  if (q.isPending) return <div className="card" aria-busy="true">{t('正在搜索…')}</div>;
  if (q.isError && !q.data) return <section className="card">{filter}<p role="alert">{q.error.message}</p></section>;
  const { data, total, contacts_visible } = q.data!;
  return (
    <section className="card" aria-label={t('企业黄页结果')}>
      {filter}
      <p className="muted" style={{ marginTop: 0 }}>
        {k !== '' && <>“<span data-user-text>{k}</span>”</>}
        {marketName && <> <span data-user-text>{marketName}</span></>}
        {t(' 共 {{n}} 家企业', { n: total })}
      </p>
      {data.length === 0 && <p>{market > 0 ? t('这个汽配城里没有找到符合的企业，可以换个关键词，或选择全部汽配城') : t(msg.noResults)}</p>}
      <div className="grid-2">
        {data.map((c) => (
          <article key={c.id} className="card" style={{ boxShadow: 'none', border: '1px solid #e5e7eb' }}>
            <Link to="/company/$id" params={{ id: String(c.id) }}><strong>{c.name}</strong></Link> <span data-user-text><Tag value={c.level_name} severity={c.level_name === '正式会员' ? 'success' : 'info'} /></span>
            <p className="muted" style={{ margin: '0.3rem 0' }}>{c.province}{c.city !== c.province ? c.city : ''} {c.address}</p>
            {c.autoparts_city && <p style={{ margin: '0.3rem 0' }}>{t('汽配城')} <span data-user-text>{c.autoparts_city}</span></p>}
            <p style={{ margin: '0.3rem 0' }}>{t('在售配件 {{n}} 种', { n: c.stock_count })}{c.main_brands.length > 0 && t(' · 主营 {{v}}', { v: c.main_brands.join('、') })}</p>
            {contacts_visible ? (
              <p style={{ margin: 0 }}>{t('电话')} {c.phone} · QQ {c.qq}</p>
            ) : (
              <p className="blurred-contact" style={{ margin: 0 }}>
                <span aria-hidden="true" style={{ filter: 'blur(4px)' }}>{t('电话 020-88888888 · QQ 88888888')}</span>
                <Link to="/pay/package" className="upgrade-tag" title={t(UPGRADE_UNLOCKS)}>{t(msg.upgradeToView)}</Link>
              </p>
            )}
          </article>
        ))}
      </div>
      {total > 20 && (
        <Paginator first={(page - 1) * 20} rows={20} totalRecords={total} onPageChange={(e) => go({ page: e.page + 1 })} />
      )}
    </section>
  );
}
