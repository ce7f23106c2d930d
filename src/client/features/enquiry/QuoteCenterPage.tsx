/**
 * 报价中心 (/backend/quote, M10 / M12): the enquiries sent to the caller's company, newest first,
 * as a declaration of the list block; a row opens /backend/quote/{id} to answer it. 报价专区
 * (/backend/quote/zone) is the same declaration over the zone: open enquiries and wanted requests
 * (求购) of the makes the company names as its main makes in 企业信息.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Tag } from 'primereact/tag';
import dayjs from 'dayjs';
import type { AnswerOf, EnquirySummary } from '../../../shared/contracts';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { enquiryKeys, quoteCenterQuery, type QuoteCenterScope } from './queries';
import { wantedMakesQuery } from '../wanted/queries';
import { stateSeverity } from './EnquiryDetailPage';
import './enquiry.css';


const at = (s: number) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm') : '—');

export function QuoteCenterPage({ search, onSearch, scope = 'direct' }: { search: ListSearch; onSearch: (s: ListSearch) => void; scope?: QuoteCenterScope }) {
  const makes = useQuery(wantedMakesQuery());
  const def: ListDef<EnquirySummary, ReturnType<typeof enquiryKeys.center>, AnswerOf<'quoteCenter'>> = {
    title: scope === 'zone' ? '报价专区' : '报价中心',
    filters: [
      { name: 'keyword', label: 'OE号或配件名称', type: 'text' },
      { name: 'make', label: '车型品牌', type: 'select', options: (makes.data ?? []).map((m) => ({ label: `${m.initial} · ${m.name}`, value: String(m.id) })) },
      { name: 'state', label: '状态', type: 'select', options: [{ label: '待报价', value: 'open' }, { label: '已过期', value: 'expired' }, { label: '已结束', value: 'ended' }, { label: '已取消', value: 'cancelled' }] },
    ],
    query: quoteCenterQuery(scope),
    rowKey: (e) => e.id,
    columns: [
      { key: 'no', header: '询价单号', width: '12rem', cell: (e) => <Link to="/backend/quote/$id" params={{ id: String(e.id) }} aria-label={`报价 ${e.enquiry_no}`}>{e.enquiry_no}</Link> },
      { key: 'buyer', priority: 2, header: '买家', width: '12rem', cell: (e) => e.buyer_company_name },
      { key: 'part', priority: 2, header: '询价配件', cell: (e) => <span>{e.wanted_id !== null && <Tag value="求购" severity="info" style={{ marginRight: '0.3rem' }} />}{e.first_line}{e.line_count > 1 && <span className="muted"> 等{e.line_count}项</span>}</span> },
      ...(scope === 'zone' ? [{ key: 'make', priority: 3 as const, header: '车型品牌', width: '6rem', cell: (e: EnquirySummary) => e.make_name || '—' }] : []),
      { key: 'state', header: '状态', width: '6rem', cell: (e) => <Tag value={e.state_text} severity={stateSeverity(e.state)} /> },
      { key: 'created', priority: 3, header: '发出时间', width: '8rem', cell: (e) => at(e.created_at) },
      { key: 'expires', priority: 2, header: '报价截止', width: '8rem', cell: (e) => at(e.expires_at) },
    ],
    empty: (filtered) => filtered ? '没有符合条件的询价单，换个状态看看。' : scope === 'zone' ? <ZoneEmpty /> : '还没有买家向您询价。保持库存和价格最新，买家在OE号结果中找到您后就会来询价。',
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}

/** An empty zone: because no main makes are set (say where to set them), or because nobody asked yet. */
function ZoneEmpty() {
  const q = useQuery(quoteCenterQuery('zone')({}));
  if (q.data && q.data.zone_makes === 0) {
    return <span>报价专区按主营车型列出买家的公开询价和求购。请先在 <Link to="/backend/settings/enterprise">企业信息</Link> 中设置主营车型。</span>;
  }
  return <span>您主营车型下暂时没有公开的询价和求购。可以在 <Link to="/backend/settings/enterprise">企业信息</Link> 中增加主营车型。</span>;
}
