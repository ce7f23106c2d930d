import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { msg } from '../../../shared/messages';
import { OfflineError } from '../../api/request';
import { ENQUIRY_PAGE_SIZE, myEnquiriesQuery } from '../enquiry/queries';
import { EnquiryDetailPage, stateSeverity } from '../enquiry/EnquiryDetailPage';
import { MobilePage } from './MobilePage';
import { useLang, useT } from '../../i18n/lang';
import { formatDate } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { stateLabel } from '../enquiry/enquiry-text';

/** a moment: 11-29 14:05 in Chinese, by Intl in Vietnamese (docs/i18n.md) */
const at = (lang: 'zh' | 'vi', s: number) => {
  if (!s) return '—';
  const d = new Date(s * 1000);
  return lang === 'vi' ? formatDate('vi', s, true) : `${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/** 我的询价 on a phone (/ofo/enquiry): the company's enquiries as cards, newest first, each opening its comparison. */
export function MobileEnquiryList({ page }: { page: number }) {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const q = useQuery({ ...myEnquiriesQuery(page), placeholderData: keepPreviousData });
  const total = q.data?.total ?? 0;
  return (
    <MobilePage title={t('我的询价')}>
      {q.isError && !q.data && (
        <div className="m-alert" role="alert">
          {q.error instanceof OfflineError ? t('当前离线，联网后可查看询价') : <Refusal text={q.error.message} />}
          <Button type="button" text size="small" label={t(msg.retry)} icon="pi pi-refresh" onClick={() => void q.refetch()} />
        </div>
      )}
      {!q.data && !q.isError && <div className="m-card" aria-busy="true">{t('正在加载…')}</div>}
      {q.data && q.data.data.length === 0 && (
        <div className="m-card m-empty"><i className="pi pi-inbox" />{t('还没有询价。在配件搜索的OE号结果中点“向卖家询价”，一次问多家卖家。')}</div>
      )}
      {q.data?.data.map((e) => (
        <article key={e.id} className="m-card m-order" data-testid="enquiry-card">
          <div className="m-order-head">
            <strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}><span data-user-text>{e.first_line}</span>{e.line_count > 1 && <span className="m-muted"> {t('等{{n}}项', { n: e.line_count })}</span>}</strong>
            <Tag value={stateLabel(t, e.state, e.quote_count)} severity={stateSeverity(e.state)} />
          </div>
          <span className="m-muted">{t('{{no}} · 发出 {{at}} · 截止 {{until}}', { no: e.enquiry_no, at: at(lang, e.created_at), until: at(lang, e.expires_at) })}</span>
          <div className="m-spread">
            <span>{e.quote_count > 0 ? t('{{n}} 条报价', { n: e.quote_count }) : t('待报价')}</span>
            <Link to="/ofo/enquiry/$id" params={{ id: String(e.id) }} className="m-link" aria-label={t('比价 {{no}}', { no: e.enquiry_no })}>{t('比价 / 采纳')} <i className="pi pi-angle-right" /></Link>
          </div>
        </article>
      ))}
      {total > ENQUIRY_PAGE_SIZE && (
        <div className="m-spread">
          <Button type="button" outlined label={t('上一页')} disabled={page <= 1} onClick={() => void navigate({ to: '/ofo/enquiry', search: { page: page - 1 } })} />
          <span className="m-muted">{t('第 {{page}} 页', { page })}</span>
          <Button type="button" outlined label={t('下一页')} disabled={page * ENQUIRY_PAGE_SIZE >= total} onClick={() => void navigate({ to: '/ofo/enquiry', search: { page: page + 1 } })} />
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
  const t = useT();
  return (
    <MobilePage title={t('询价比价')} back="/ofo/enquiry">
      <div className="m-enquiry"><EnquiryDetailPage key={id} id={id} /></div>
    </MobilePage>
  );
}
