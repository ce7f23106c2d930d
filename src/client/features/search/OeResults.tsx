import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import dayjs from 'dayjs';
import { oeSearchQuery } from './queries';
import { msg } from '../../../shared/messages';
import { stockColumns } from './stock-columns';
import { OfflineError } from '../../api/request';
import { PAGE_SIZES } from '../../../shared/contracts';

const RELATION: Record<string, string> = { exact: '', supersession: '替换号', alias: '别名' };

/** OE results grouped by OE: sellers, the caller's price columns, quantity, area; original parts labelled. */
export function OeResults({ codes, r }: { codes: string[]; r?: number }) {
  const q = useQuery(oeSearchQuery(codes, r));
  if (q.isPending) return <div className="card" aria-busy="true">正在搜索…</div>;
  if (q.isError && !q.data) {
    return <div className="card">{q.error instanceof OfflineError ? '当前离线，且没有这次搜索的缓存结果' : q.error.message}</div>;
  }
  const data = q.data!;
  const offline = q.isError && q.error instanceof OfflineError;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '1rem' }}>
      <div className="muted" role="status">
        {offline || !navigator.onLine ? `离线：显示 ${dayjs(q.dataUpdatedAt).format('YYYY-MM-DD HH:mm:ss')} 获取的结果` : `结果获取于 ${dayjs(q.dataUpdatedAt).format('HH:mm:ss')}`}
        {' · '}今日库存查询 {data.quota.total_per_day === 9999 ? `${data.quota.used} 次（不限）` : `${data.quota.used} / ${data.quota.total_per_day} 次`}
        {!data.contacts_visible && <> · <span>{msg.registeredCannotQuote}</span></>}
      </div>
      {data.items.map((g) => (
        <section key={`${g.oe}-${g.oe_number}`} className="card" aria-label={`OE ${g.oe_number}`}>
          <h3 style={{ margin: '0 0 0.6rem' }}>
            {g.oe_number} <span className="muted" style={{ fontWeight: 400 }}>{g.brand_code} {g.name}</span>
            {g.relation !== 'exact' && <Tag value={`${RELATION[g.relation]}（查询 ${g.oe}）`} severity="info" style={{ marginLeft: '0.5rem' }} />}
            <span className="muted" style={{ fontWeight: 400, marginLeft: '0.5rem' }}>{g.rows.length} 家报价</span>
          </h3>
          <DataTable value={g.rows} size="small" stripedRows paginator={g.rows.length > 50} rows={50} rowsPerPageOptions={[...PAGE_SIZES]}
            emptyMessage={msg.noResults} sortMode="single" removableSort dataKey="id">
            {stockColumns(data.price_columns, data.contacts_visible, { sortable: true })}
          </DataTable>
        </section>
      ))}
    </div>
  );
}
