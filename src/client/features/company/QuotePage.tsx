import { useEffect } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import dayjs from 'dayjs';
import type { AnswerOf } from '../../../shared/contracts';
import { msg, shopMsg } from '../../../shared/messages';
import { viewsQuery } from './queries';
import { useMarkViewsSeen } from './mutations';
import './company.css';

type View = AnswerOf<'getCompanyViews'>['data'][number];

export const VIEWS_PAGE_SIZE = 20;

/** /quote: who viewed my company's shop, newest first. Opening it marks the views seen, which clears the nav badge. */
export function QuotePage({ page }: { page: number }) {
  const navigate = useNavigate();
  const q = useQuery({ ...viewsQuery(page, VIEWS_PAGE_SIZE), placeholderData: keepPreviousData });
  const seen = useMarkViewsSeen();
  const asOf = q.data?.as_of;
  const { mutate } = seen;
  useEffect(() => {
    if (asOf !== undefined) mutate(asOf);
  }, [asOf, mutate]);
  if (q.isPending) return <div className="card" aria-busy="true">正在加载…</div>;
  if (q.isError && !q.data) return <div className="card" role="alert">{q.error.message}</div>;
  const data = q.data!;
  const contact = (v: View) =>
    data.contacts_visible ? (
      <span>{v.phone || '—'}{v.qq ? ` · QQ ${v.qq}` : ''}</span>
    ) : (
      <span className="blurred-contact" title={msg.upgradeToView}>
        <span aria-hidden="true" style={{ filter: 'blur(4px)' }}>020-88888888 · QQ 88888888</span>
        <small>{msg.upgradeToView}</small>
      </span>
    );
  return (
    <section className="card" aria-label={shopMsg.whoViewedMe}>
      <h2 style={{ marginTop: 0 }}>{shopMsg.whoViewedMe}</h2>
      <p className="muted">打开您店铺的其他公司（同一公司每小时记一次），共 {data.total} 次访问。</p>
      <DataTable value={data.data} size="small" stripedRows dataKey="id" emptyMessage={shopMsg.noViews} lazy paginator={data.total > VIEWS_PAGE_SIZE}
        first={(page - 1) * VIEWS_PAGE_SIZE} rows={VIEWS_PAGE_SIZE} totalRecords={data.total}
        onPage={(e) => void navigate({ to: '/quote', search: { page: (e.page ?? 0) + 1 } })}>
        <Column header="访问公司" body={(v: View) => (
          <span>
            {v.is_new && <Tag value="新" severity="danger" style={{ marginRight: '0.3rem' }} />}
            <strong>{v.viewer_company_name}</strong> <small className="muted">{v.viewer_short_name}</small>
          </span>
        )} />
        <Column header="地区" body={(v: View) => `${v.province}${v.city !== v.province ? v.city : ''}`} />
        <Column header="会员等级" body={(v: View) => <Tag value={v.level_name} severity={v.level_name === '正式会员' ? 'success' : 'info'} />} />
        <Column header="访问人" field="viewer_user_name" />
        <Column header="访问时间" body={(v: View) => dayjs.unix(v.viewed_at).format('YYYY-MM-DD HH:mm:ss')} />
        <Column header="联系方式" body={contact} />
      </DataTable>
      {!data.contacts_visible && <p className="muted">{msg.registeredCannotQuote}</p>}
    </section>
  );
}
