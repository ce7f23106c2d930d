import { useState } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import dayjs from 'dayjs';
import type { Wanted } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import { WANTED_PAGE_SIZE, wantedListQuery } from './queries';
import { PublishWantedDialog } from './PublishWantedDialog';
import '../search/search-extras.css';

/**
 * 我的求购: what the caller's company published, newest first, with how many sellers quoted; a
 * quoted request opens its comparison (/enquiry/list/{enquiry_id}); one nobody quoted yet can be
 * changed (修改), one quoted says 已有卖家报价，无法修改 (requirements 001-4).
 */
export function WantedList({ page }: { page: number }) {
  const navigate = useNavigate();
  const [publishing, setPublishing] = useState(false);
  const [editing, setEditing] = useState<Wanted | null>(null);
  const q = useQuery({ ...wantedListQuery(page), placeholderData: keepPreviousData });
  return (
    <section className="card" aria-label={msg.myWanted}>
      <div className="search-actions" style={{ marginBottom: '0.8rem' }}>
        <h2 style={{ margin: 0, fontSize: '1rem' }}>{msg.myWanted}</h2>
        <Button type="button" label={msg.publishWanted} icon="pi pi-plus" onClick={() => setPublishing(true)} />
      </div>
      {q.isError && !q.data ? (
        <p role="alert">{q.error.message}</p>
      ) : (
        <DataTable value={q.data?.data ?? []} dataKey="id" size="small" stripedRows loading={q.isPending || (q.isFetching && q.isPlaceholderData)}
          emptyMessage={msg.noResults} lazy paginator={(q.data?.total ?? 0) > WANTED_PAGE_SIZE} first={(page - 1) * WANTED_PAGE_SIZE} rows={WANTED_PAGE_SIZE} totalRecords={q.data?.total ?? 0}
          onPage={(e) => void navigate({ to: '/enquiry/list', search: (old) => ({ ...old, wpage: (e.page ?? 0) + 1 }) })}>
          <Column header="发布时间" body={(w: Wanted) => dayjs.unix(w.created).format('YYYY-MM-DD HH:mm:ss')} style={{ width: '11rem' }} />
          <Column header="求购配件" field="content" />
          <Column header="车型品牌" field="make_name" style={{ width: '7rem' }} />
          <Column header="VIN码" body={(w: Wanted) => w.vin || '—'} style={{ width: '12rem' }} />
          <Column header="图片" body={(w: Wanted) => (
            <span className="wanted-thumbs">{w.img_infos.map((src) => <a key={src} href={src} target="_blank" rel="noreferrer"><img src={src} alt="求购图片" /></a>)}</span>
          )} />
          <Column header="发布人" field="user_name" style={{ width: '6rem' }} />
          <Column header="报价" body={(w: Wanted) => {
            const tag = w.quote_count > 0 ? <Tag severity="success" value={`已报价 ${w.quote_count}`} /> : <Tag severity="warning" value="待报价" />;
            return w.enquiry_id ? <Link to="/enquiry/list/$id" params={{ id: String(w.enquiry_id) }} aria-label={`查看报价 ${w.content}`}>{tag}</Link> : tag;
          }} style={{ width: '7rem' }} />
          <Column header="操作" body={(w: Wanted) => (w.editable
            ? <Button type="button" size="small" text label="修改" aria-label={`修改求购 ${w.content}`} onClick={() => setEditing(w)} />
            : <small className="muted">{msg.quotedNoEdit}</small>)} style={{ width: '8rem' }} />
        </DataTable>
      )}
      <PublishWantedDialog visible={publishing} onHide={() => setPublishing(false)} />
      {editing && <PublishWantedDialog key={editing.id} visible editing={editing} onHide={() => setEditing(null)} />}
    </section>
  );
}
