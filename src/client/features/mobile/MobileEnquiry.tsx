import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import dayjs from 'dayjs';
import { msg } from '../../../shared/messages';
import { OfflineError } from '../../api/request';
import { ENQUIRY_PAGE_SIZE, myEnquiriesQuery } from '../enquiry/queries';
import { EnquiryDetailPage, stateSeverity } from '../enquiry/EnquiryDetailPage';
import { MobilePage } from './MobilePage';

const at = (s: number) => (s ? dayjs.unix(s).format('MM-DD HH:mm') : '—');

/** 我的询价 on a phone (/ofo/enquiry): the company's enquiries as cards, newest first, each opening its comparison. */
export function MobileEnquiryList({ page }: { page: number }) {
  const navigate = useNavigate();
  const q = useQuery({ ...myEnquiriesQuery(page), placeholderData: keepPreviousData });
  const total = q.data?.total ?? 0;
  return (
    <MobilePage title="我的询价">
      {q.isError && !q.data && (
        <div className="m-alert" role="alert">
          {q.error instanceof OfflineError ? '当前离线，联网后可查看询价' : q.error.message}
          <Button type="button" text size="small" label={msg.retry} icon="pi pi-refresh" onClick={() => void q.refetch()} />
        </div>
      )}
      {!q.data && !q.isError && <div className="m-card" aria-busy="true">正在加载…</div>}
      {q.data && q.data.data.length === 0 && (
        <div className="m-card m-empty"><i className="pi pi-inbox" />还没有询价。在配件搜索的OE号结果中点“向卖家询价”，一次问多家卖家。</div>
      )}
      {q.data?.data.map((e) => (
        <article key={e.id} className="m-card m-order" data-testid="enquiry-card">
          <div className="m-order-head">
            <strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{e.first_line}{e.line_count > 1 && <span className="m-muted"> 等{e.line_count}项</span>}</strong>
            <Tag value={e.state_text} severity={stateSeverity(e.state)} />
          </div>
          <span className="m-muted">{e.enquiry_no} · 发出 {at(e.created_at)} · 截止 {at(e.expires_at)}</span>
          <div className="m-spread">
            <span>{e.quote_count > 0 ? `${e.quote_count} 条报价` : '待报价'}</span>
            <Link to="/ofo/enquiry/$id" params={{ id: String(e.id) }} className="m-link" aria-label={`比价 ${e.enquiry_no}`}>比价 / 采纳 <i className="pi pi-angle-right" /></Link>
          </div>
        </article>
      ))}
      {total > ENQUIRY_PAGE_SIZE && (
        <div className="m-spread">
          <Button type="button" outlined label="上一页" disabled={page <= 1} onClick={() => void navigate({ to: '/ofo/enquiry', search: { page: page - 1 } })} />
          <span className="m-muted">第 {page} 页</span>
          <Button type="button" outlined label="下一页" disabled={page * ENQUIRY_PAGE_SIZE >= total} onClick={() => void navigate({ to: '/ofo/enquiry', search: { page: page + 1 } })} />
        </div>
      )}
    </MobilePage>
  );
}

/**
 * One enquiry on a phone (/ofo/enquiry/{id}): the desktop comparison itself, whose quotes turn into
 * cards with 采纳 when its box is narrow (enquiry.css), in the phone frame.
 */
export function MobileEnquiryDetail({ id }: { id: number }) {
  return (
    <MobilePage title="询价比价" back="/ofo/enquiry">
      <div className="m-enquiry"><EnquiryDetailPage key={id} id={id} /></div>
    </MobilePage>
  );
}
