import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Paginator } from 'primereact/paginator';
import { Tag } from 'primereact/tag';
import { companySearchQuery } from './queries';
import { msg } from '../../../shared/messages';
import { UPGRADE_UNLOCKS } from './StockTable';
import { useT } from '../../i18n/lang';

/** 企业黄页: seller companies as cards; contacts blurred with the upgrade prompt for registered members. */
export function CompanyResults({ k, page }: { k: string; page: number }) {
  const t = useT();
  const navigate = useNavigate();
  const q = useQuery(companySearchQuery(k, page));
  if (q.isPending) return <div className="card" aria-busy="true">{t('正在搜索…')}</div>;
  if (q.isError && !q.data) return <div className="card">{q.error.message}</div>;
  const { data, total, contacts_visible } = q.data!;
  return (
    <section className="card" aria-label={t('企业黄页结果')}>
      <p className="muted" style={{ marginTop: 0 }}>“{k}{t('” 共')} {total} {t('家企业')}</p>
      {data.length === 0 && <p>{t(msg.noResults)}</p>}
      <div className="grid-2">
        {data.map((c) => (
          <article key={c.id} className="card" style={{ boxShadow: 'none', border: '1px solid #e5e7eb' }}>
            <Link to="/company/$id" params={{ id: String(c.id) }}><strong>{c.name}</strong></Link> <span data-user-text><Tag value={c.level_name} severity={c.level_name === '正式会员' ? 'success' : 'info'} /></span>
            <p className="muted" style={{ margin: '0.3rem 0' }}>{c.province}{c.city !== c.province ? c.city : ''} {c.address}</p>
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
        <Paginator first={(page - 1) * 20} rows={20} totalRecords={total} onPageChange={(e) => void navigate({ to: '/search/company', search: { k, page: e.page + 1 } })} />
      )}
    </section>
  );
}
