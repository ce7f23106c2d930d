import { useState } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DataTable } from 'primereact/datatable';
import { Button } from 'primereact/button';
import { PartBrandPicker, type PickedBrand } from './PartBrandPicker';
import './search-extras.css';
import dayjs from 'dayjs';
import { keywordQuery, type KeywordParams } from './queries';
import { stockColumns } from './stock-columns';
import { PAGE_SIZES } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import { OfflineError } from '../../api/request';

/** Keyword results, paged on the server (50/100/200/400/800 a page). */
export function KeywordResults({ params, brandName }: { params: KeywordParams; brandName?: string }) {
  const navigate = useNavigate();
  const [picking, setPicking] = useState(false);
  const q = useQuery({ ...keywordQuery(params), placeholderData: keepPreviousData });
  const to = params.dismantled ? '/search/dismantle/result' : params.circle ? '/search/parts/circle' : '/search/parts/keyword';
  const withBrand = (b: PickedBrand | null) =>
    void navigate({ to, search: { k: params.k, mode: params.mode, size: PAGE_SIZES.find((n) => n === params.page_size) ?? 50, ...(b ? { brand: b.id, bn: b.name } : {}) } });
  const brandBar = (
    <div className="brand-filter" role="group" aria-label="配件品牌筛选">
      <span>配件品牌：</span>
      <strong>{params.brand_id ? brandName ?? `#${params.brand_id}` : '全部'}</strong>
      <Button type="button" label="选择品牌" icon="pi pi-filter" size="small" outlined onClick={() => setPicking(true)} />
      {params.brand_id !== undefined && <Button type="button" label="清除品牌" icon="pi pi-times" size="small" text onClick={() => withBrand(null)} />}
      <PartBrandPicker visible={picking} selected={params.brand_id} onHide={() => setPicking(false)} onPick={(b) => { setPicking(false); withBrand(b); }} />
    </div>
  );
  if (q.isPending) return <div className="card" aria-busy="true">正在搜索…</div>;
  if (q.isError && !q.data) return <div className="card">{brandBar}{q.error instanceof OfflineError ? '当前离线，且没有这次搜索的缓存结果' : q.error.message}</div>;
  const data = q.data!;
  const offline = (q.isError && q.error instanceof OfflineError) || !navigator.onLine;
  return (
    <section className="card" aria-label="关键词搜索结果">
      {brandBar}
      <p className="muted" role="status" style={{ marginTop: 0 }}>
        {params.circle ? '圈内 ' : params.dismantled ? '拆车件 ' : ''}“{params.k}”（{params.mode === 'exact' ? '精确' : '模糊'}）共 {data.total_capped ? `${data.total}+` : data.total} 条
        {' · '}{offline ? `离线：显示 ${dayjs(q.dataUpdatedAt).format('YYYY-MM-DD HH:mm:ss')} 获取的结果` : `结果获取于 ${dayjs(q.dataUpdatedAt).format('HH:mm:ss')}`}
        {!data.contacts_visible && <> · {msg.registeredCannotQuote}</>}
      </p>
      <DataTable value={data.rows} size="small" stripedRows dataKey="id" emptyMessage={msg.noResults} loading={q.isFetching && q.isPlaceholderData}
        lazy paginator first={(params.page_number - 1) * params.page_size} rows={params.page_size} totalRecords={data.total}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPage={(e) => void navigate({ to, search: { k: params.k, mode: params.mode, page: (e.page ?? 0) + 1, size: (PAGE_SIZES.find((n) => n === e.rows) ?? 50), ...(params.brand_id ? { brand: params.brand_id, bn: brandName } : {}) } })}>
        {stockColumns(data.price_columns, data.contacts_visible, { sortable: false, showOe: true })}
      </DataTable>
    </section>
  );
}

export const KeywordResultsPage = ({ search, scope }: { search: { k?: string; mode?: 'exact' | 'fuzzy'; r?: number; page?: number; size?: number; brand?: number; bn?: string }; scope: { circle: boolean; dismantled: boolean } }) => (
  <KeywordResults params={{ k: search.k ?? '', mode: search.mode ?? 'fuzzy', page_number: search.page ?? 1, page_size: search.size ?? 50, brand_id: search.brand, r: search.r, ...scope }} brandName={search.bn} />
);
