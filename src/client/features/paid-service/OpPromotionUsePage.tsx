/**
 * 促销使用记录 of the operator (/operation/pay/promotionUse; D05 or D05-01;
 * docs/money.md#promotion-prices): every purchase priced by a promotion, with the list price it
 * would have cost and what was charged, filtered by company, service, promotion and China day,
 * paged, downloadable as XLSX (a declaration on the ListPage block).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnswerOf, PayloadIn } from '../../../shared/contracts';
import { PAID_SERVICE_NAMES, PAID_SERVICE_STATES, PAID_SERVICES, type PaidPromotionUse } from '../../../shared/contracts/paid-service';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan } from '../../../shared/domain/money';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { idOf, oneOf, pagingOf, text } from '../operation/list-payload';
import { downloadXlsx } from '../operation/export';
import { opPromotionsQuery, opPromotionUsesQuery, type serviceKeys } from './queries';
import '../operation/operation.css';
import './paid-service.css';

const payloadOf = (s: ListSearch): PayloadIn<'opPaidPromotionUses'> => ({
  company: text(s, 'company'), service: oneOf(s, 'service', PAID_SERVICES), promotion_id: idOf(s, 'promotion_id') || 0,
  date_from: text(s, 'date_from'), date_to: text(s, 'date_to'), ...pagingOf(s),
});

export function OpPromotionUsePage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const sums = useQuery({ ...opPromotionUsesQuery(payloadOf(search)), placeholderData: keepPreviousData }).data;
  // the promotions to filter by (the newest 800)
  const promotions = useQuery(opPromotionsQuery({ service: '', state: '', q: '', page_number: 1, page_size: 800 })).data?.data ?? [];
  const def: ListDef<PaidPromotionUse, ReturnType<typeof serviceKeys.opPromotionUses>, AnswerOf<'opPaidPromotionUses'>> = {
    title: '促销使用记录',
    filters: [
      { name: 'company', label: '企业', type: 'text', width: '12rem', primary: true },
      { name: 'promotion_id', label: '促销', type: 'select', options: promotions.map((p) => ({ value: String(p.id), label: p.name })) },
      { name: 'service', label: '服务', type: 'select', options: PAID_SERVICES.map((value) => ({ value, label: PAID_SERVICE_NAMES[value] })) },
      { name: 'date_from', label: '开始日期', type: 'date', more: true },
      { name: 'date_to', label: '结束日期', type: 'date', more: true },
    ],
    query: (s) => opPromotionUsesQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => r.purchase_no,
    columns: [
      { key: 'company', header: '企业', width: '12rem', cell: (r) => r.company_name },
      { key: 'promotion', header: '促销', width: '8rem', priority: 2, cell: (r) => r.promotion_name },
      { key: 'original', header: '原价', width: '6rem', num: true, cell: (r) => <s>{yuan(r.original_fen)}</s> },
      { key: 'charged', header: '实付', width: '6rem', num: true, cell: (r) => yuan(r.charged_fen) },
      { key: 'state', header: '状态', width: '5rem', cell: (r) => <span className={`op-tag ${r.state === 'cancelled' ? 'danger' : r.state === 'pending' ? 'warn' : ''}`}>{PAID_SERVICE_STATES[r.state]}</span> },
      { key: 'at', header: '时间', width: '9rem', priority: 2, cell: (r) => formatChina(r.created_at, 'YYYY-MM-DD HH:mm') },
      { key: 'service', header: '服务', width: '7rem', priority: 2, cell: (r) => PAID_SERVICE_NAMES[r.service] },
      { key: 'packs', header: '包数', width: '4rem', num: true, priority: 3, cell: (r) => r.packs },
      { key: 'level', header: '等级', width: '6rem', priority: 3, cell: (r) => r.level_name },
      { key: 'no', header: '购买单号', width: '12rem', priority: 3, cell: (r) => r.purchase_no },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的使用记录，换个条件试试。' : '还没有企业按促销价购买。在“促销价”中新建促销后，企业购买时会自动按促销价收费并记在这里。'),
    exportXlsx: (s) => downloadXlsx('opPaidPromotionUses', payloadOf(s), '促销使用记录'),
  };
  return (
    <ListPage def={def} search={search} onSearch={onSearch}
      toolbar={<span className="muted">{sums ? `未取消的合计：原价 ${yuan(sums.original_fen)}，实付 ${yuan(sums.charged_fen)}，优惠 ${yuan(sums.original_fen - sums.charged_fen)}` : ''}</span>} />
  );
}
