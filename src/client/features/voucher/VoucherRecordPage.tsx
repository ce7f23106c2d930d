/**
 * 优惠券记录 of the operator (/operation/pay/ticket/record; D05 or D05-01; docs/vouchers.md): per
 * voucher how many were issued, claimed, used and expired and what they took off orders, and above
 * the list the same per issuer, with what the platform has paid sellers for its own vouchers.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnswerOf, PayloadIn } from '../../../shared/contracts';
import { yuan } from '../../../shared/domain/money';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { oneOf, pagingOf, text } from '../operation/list-payload';
import { downloadXlsx } from '../operation/export';
import { opVoucherRecordQuery, type voucherKeys } from './queries';
import '../operation/operation.css';
import './voucher.css';

type Row = AnswerOf<'opVoucherRecord'>['data'][number];
const payloadOf = (s: ListSearch): PayloadIn<'opVoucherRecord'> => ({ issuer: oneOf(s, 'issuer', ['platform', 'seller'] as const), q: text(s, 'q'), ...pagingOf(s) });

export function VoucherRecordPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const sums = useQuery({ ...opVoucherRecordQuery(payloadOf(search)), placeholderData: keepPreviousData }).data;
  const def: ListDef<Row, ReturnType<typeof voucherKeys.opRecord>, AnswerOf<'opVoucherRecord'>> = {
    title: '优惠券记录',
    filters: [
      { name: 'q', label: '券名称', type: 'text', width: '10rem', primary: true },
      { name: 'issuer', label: '发放方', type: 'select', options: [{ value: 'platform', label: '平台' }, { value: 'seller', label: '卖家' }] },
    ],
    query: (s) => opVoucherRecordQuery(payloadOf(s)),
    rowKey: (r) => r.template_id,
    rowLabel: (r) => r.name,
    columns: [
      { key: 'name', header: '券', width: '9rem', cell: (r) => <strong>{r.name}</strong> },
      { key: 'issuer', header: '发放方', width: '8rem', priority: 2, cell: (r) => r.issuer_name },
      { key: 'issued', header: '发放', width: '4.5rem', num: true, cell: (r) => r.issued },
      { key: 'claimed', header: '已领', width: '4.5rem', num: true, cell: (r) => r.claimed },
      { key: 'used', header: '已用', width: '4.5rem', num: true, cell: (r) => r.used },
      { key: 'expired', header: '已过期', width: '4.5rem', num: true, priority: 2, cell: (r) => r.expired },
      { key: 'fen', header: '减免金额', width: '7rem', num: true, cell: (r) => yuan(r.used_fen) },
      { key: 'state', header: '状态', width: '4.5rem', priority: 3, cell: (r) => r.state_name },
    ],
    exportXlsx: (s) => downloadXlsx('opVoucherRecord', payloadOf(s), '优惠券记录'),
    empty: (filtered) => (filtered ? '没有符合条件的优惠券，换个条件试试。' : '还没有发放过优惠券。在“优惠券”中发放平台券，卖家在其后台“优惠券”中发放店铺券。'),
  };
  const issuers = sums?.by_issuer ?? [];
  return (
    <ListPage def={def} search={search} onSearch={onSearch}
      toolbar={issuers.length > 0 ? (
        <div className="voucher-issuers" aria-label="按发放方汇总" data-testid="voucher-by-issuer">
          {issuers.map((b) => (
            <span key={b.issuer_company_id ?? 0} className="muted">
              {b.issuer_name}：发放 {b.issued}，已领 {b.claimed}，已用 {b.used}，过期 {b.expired}，减免 {yuan(b.used_fen)}
              {b.issuer_company_id === null ? `，已补贴卖家 ${yuan(b.subsidy_fen)}` : '（卖家自担）'}
            </span>
          ))}
        </div>
      ) : undefined} />
  );
}
