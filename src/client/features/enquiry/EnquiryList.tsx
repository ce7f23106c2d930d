import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import dayjs from 'dayjs';
import type { EnquirySummary } from '../../../shared/contracts';
import { ENQUIRY_PAGE_SIZE, myEnquiriesQuery } from './queries';
import { stateSeverity } from './EnquiryDetailPage';
import './enquiry.css';

/** 我的询价: the company's enquiries, newest first, with their state and how many quotes came. */
export function EnquiryList({ page }: { page: number }) {
  const navigate = useNavigate();
  const q = useQuery({ ...myEnquiriesQuery(page), placeholderData: keepPreviousData });
  return (
    <section className="card" aria-label="我的询价">
      <div className="search-actions" style={{ marginBottom: '0.8rem' }}>
        <h2 style={{ margin: 0, fontSize: '1rem' }}>我的询价</h2>
        <Link to="/enquiry/publish" className="p-button p-button-sm"><i className="pi pi-plus" aria-hidden="true" />&nbsp;发布询价</Link>
      </div>
      {q.isError && !q.data ? <p role="alert">{q.error.message}</p> : (
        <DataTable value={q.data?.data ?? []} dataKey="id" size="small" stripedRows loading={q.isPending}
          emptyMessage={<span>还没有询价。点“发布询价”填写要找的配件发到报价专区，或在配件搜索的OE号结果中点“向卖家询价”，一次问多家卖家。</span>}
          lazy paginator={(q.data?.total ?? 0) > ENQUIRY_PAGE_SIZE} first={(page - 1) * ENQUIRY_PAGE_SIZE} rows={ENQUIRY_PAGE_SIZE} totalRecords={q.data?.total ?? 0}
          onPage={(e) => void navigate({ to: '/enquiry/list', search: (old) => ({ ...old, page: (e.page ?? 0) + 1 }) })}>
          <Column header="询价单号" body={(e: EnquirySummary) => <Link to="/enquiry/list/$id" params={{ id: String(e.id) }}>{e.enquiry_no}</Link>} style={{ width: '13rem' }} />
          <Column header="询价配件" body={(e: EnquirySummary) => <span>{e.first_line}{e.line_count > 1 && <span className="muted"> 等{e.line_count}项</span>}</span>} />
          <Column header="状态" body={(e: EnquirySummary) => <Tag value={e.state_text} severity={stateSeverity(e.state)} />} style={{ width: '7rem' }} />
          <Column header="发出时间" body={(e: EnquirySummary) => dayjs.unix(e.created_at).format('YYYY-MM-DD HH:mm')} style={{ width: '9rem' }} />
          <Column header="报价截止" body={(e: EnquirySummary) => (e.expires_at ? dayjs.unix(e.expires_at).format('YYYY-MM-DD HH:mm') : '—')} style={{ width: '9rem' }} />
        </DataTable>
      )}
    </section>
  );
}
