/**
 * 财务 · 券 (/backend/accounting/ticket; M09; docs/vouchers.md): the vouchers used on the company's
 * purchase orders (what they saved) and on its sales orders (a seller's own voucher lowers what it
 * is paid; a platform voucher is paid to it by the platform when the order completes).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AnswerOf, PayloadIn, VoucherUse } from '../../../shared/contracts';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan } from '../../../shared/domain/money';
import { ORDER_STATUS_TEXT } from '../../../shared/domain/orders';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { oneOf, pagingOf } from '../operation/list-payload';
import { voucherUsesQuery, type voucherKeys } from './queries';
import '../operation/operation.css';
import './voucher.css';

const payloadOf = (s: ListSearch): PayloadIn<'voucherUses'> => ({ side: oneOf(s, 'side', ['buyer', 'seller'] as const) || 'buyer', ...pagingOf(s) });

export function VoucherUsesPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const p = payloadOf(search);
  const sums = useQuery({ ...voucherUsesQuery(p), placeholderData: keepPreviousData }).data;
  const seller = p.side === 'seller';
  const def: ListDef<VoucherUse, ReturnType<typeof voucherKeys.uses>, AnswerOf<'voucherUses'>> = {
    title: '券',
    filters: [{ name: 'side', label: '订单', type: 'select', options: [{ value: 'buyer', label: '采购订单（本公司用券）' }, { value: 'seller', label: '销售订单（买家用券）' }] }],
    query: (s) => voucherUsesQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => r.order_no,
    columns: [
      { key: 'order', header: '订单号', width: '12rem', cell: (r) => <Link to="/backend/order/detail/$orderNo" params={{ orderNo: r.order_no }}>{r.order_no}</Link> },
      { key: 'voucher', header: '优惠券', width: '9rem', cell: (r) => `${r.voucher_name}（${r.issuer_name}）` },
      { key: 'other', header: seller ? '买家' : '卖家', width: '10rem', priority: 2, cell: (r) => (seller ? r.buyer_company_name : r.seller_company_name) },
      { key: 'discount', header: '减免', width: '6rem', num: true, cell: (r) => yuan(r.discount_fen) },
      ...(seller ? [{ key: 'bearer', header: '承担方', width: '9rem', cell: (r: VoucherUse) => (r.issuer_name === '平台' ? (r.subsidy_fen > 0 ? `平台（已补贴 ${yuan(r.subsidy_fen)}）` : '平台（订单完成后补贴）') : '本公司') }] : []),
      { key: 'state', header: '状态', width: '6rem', cell: (r) => (r.state === 'returned' ? '已退回（订单取消）' : ORDER_STATUS_TEXT[r.order_status as keyof typeof ORDER_STATUS_TEXT] ?? r.order_status) },
      { key: 'at', header: '时间', width: '9rem', priority: 2, cell: (r) => formatChina(r.created_at, 'YYYY-MM-DD HH:mm') },
    ],
    empty: () => (seller ? '还没有买家在本公司的订单上用券。在“优惠券”中发放店铺券，买家领取后结算时自动使用。' : '本公司的采购订单还没有用过券。在“我的优惠券”中领券，结算时自动使用最划算的一张。'),
  };
  return (
    <ListPage def={def} search={search} onSearch={onSearch}
      toolbar={sums ? <span className="muted">合计减免 {yuan(sums.discount_fen)}{seller ? `，其中平台已补贴 ${yuan(sums.subsidy_fen)}` : ''}</span> : undefined} />
  );
}
