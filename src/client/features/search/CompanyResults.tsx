import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Paginator } from 'primereact/paginator';
import { Tag } from 'primereact/tag';
import { companySearchQuery } from './queries';
import { msg } from '../../../shared/messages';
import { UPGRADE_UNLOCKS } from './StockTable';

/** 企业黄页: seller companies as cards; contacts blurred with the upgrade prompt for registered members. */
export function CompanyResults({ k, page }: { k: string; page: number }) {
  const navigate = useNavigate();
  const q = useQuery(companySearchQuery(k, page));
  if (q.isPending) return <div className="card" aria-busy="true">正在搜索…</div>;
  if (q.isError && !q.data) return <div className="card">{q.error.message}</div>;
  const { data, total, contacts_visible } = q.data!;
  return (
    <section className="card" aria-label="企业黄页结果">
      <p className="muted" style={{ marginTop: 0 }}>“{k}” 共 {total} 家企业</p>
      {data.length === 0 && <p>{msg.noResults}</p>}
      <div className="grid-2">
        {data.map((c) => (
          <article key={c.id} className="card" style={{ boxShadow: 'none', border: '1px solid #e5e7eb' }}>
            <Link to="/company/$id" params={{ id: String(c.id) }}><strong>{c.name}</strong></Link> <Tag value={c.level_name} severity={c.level_name === '正式会员' ? 'success' : 'info'} />
            <p className="muted" style={{ margin: '0.3rem 0' }}>{c.province}{c.city !== c.province ? c.city : ''} {c.address}</p>
            <p style={{ margin: '0.3rem 0' }}>在售配件 {c.stock_count} 种{c.main_brands.length > 0 && ` · 主营 ${c.main_brands.join('、')}`}</p>
            {contacts_visible ? (
              <p style={{ margin: 0 }}>电话 {c.phone} · QQ {c.qq}</p>
            ) : (
              <p className="blurred-contact" style={{ margin: 0 }}>
                <span aria-hidden="true" style={{ filter: 'blur(4px)' }}>电话 020-88888888 · QQ 88888888</span>
                <Link to="/pay/package" className="upgrade-tag" title={UPGRADE_UNLOCKS}>{msg.upgradeToView}</Link>
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
