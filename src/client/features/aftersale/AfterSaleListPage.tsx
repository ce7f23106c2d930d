/**
 * 售后服务 (/backend/service/afterSale, M08 "after-sale list by type (seller or buyer)"): the
 * company's after-sales of one side, 我是卖家 (asked of us) or 我是买家 (we asked), newest first,
 * by state, type, number and date. A declaration on the ListPage block.
 */
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import type { AfterSaleSummary, AnswerOf, PayloadIn } from '../../../shared/contracts';
import {
  AFTERSALE_NEXT_STEP, AFTERSALE_STATUS_TEXT, AFTERSALE_STATUSES, AFTERSALE_TYPE_TEXT, AFTERSALE_TYPES,
  type AfterSaleStatus, type AfterSaleType,
} from '../../../shared/domain/aftersale';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Price } from '../currency/Price';
import { afterSaleListQuery, type afterSaleKeys } from './queries';
import { AfterSaleStatusTag, AfterSaleTypeTag } from './AfterSaleStatusTag';

import { afterSaleSides, type AfterSaleSide } from './list-params';
import { useLang, useT } from '../../i18n/lang';
import { formatDate, formatNumber } from '../../i18n/format';
import { reasonText } from './reason';

const pick = <T extends string>(value: unknown, of: readonly T[]): T | '' => (of.includes(value as T) ? (value as T) : '');
const text = (value: unknown) => (typeof value === 'string' ? value : '');

const payloadOf = (side: AfterSaleSide, s: ListSearch): PayloadIn<'afterSaleSearch'> => ({
  side, status: pick<AfterSaleStatus>(s.status, AFTERSALE_STATUSES), type: pick<AfterSaleType>(s.type, AFTERSALE_TYPES),
  no: text(s.no), date_from: text(s.date_from), date_to: text(s.date_to), page_number: s.page ?? 1, page_size: s.size ?? 50,
});

/** The sides the user may open: sellers' order codes or M08 for 我是卖家, buyers' for 我是买家. */

export function AfterSaleListPage({ side, search, onSearch }: { side: AfterSaleSide; search: ListSearch; onSearch: (s: ListSearch, side?: AfterSaleSide) => void }) {
  const t = useT();
  const lang = useLang();
  const { session } = useRouteContext({ from: '__root__' });
  const sides = afterSaleSides(session.user?.permissions ?? []);
  const counterpart = side === 'seller' ? t('买家') : t('卖家');
  const def: ListDef<AfterSaleSummary, ReturnType<typeof afterSaleKeys.list>, AnswerOf<'afterSaleSearch'>> = {
    title: side === 'seller' ? t('售后服务 · 我是卖家') : t('售后服务 · 我是买家'),
    filters: [
      { name: 'status', label: t('状态'), type: 'select', options: AFTERSALE_STATUSES.map((value) => ({ value, label: t(AFTERSALE_STATUS_TEXT[value]) })) },
      { name: 'type', label: t('类型'), type: 'select', options: AFTERSALE_TYPES.map((value) => ({ value, label: t(AFTERSALE_TYPE_TEXT[value]) })) },
      { name: 'no', label: t('售后单号 / 订单号'), type: 'text', width: '13rem' },
      { name: 'date_from', label: t('申请日期从'), type: 'date', more: true },
      { name: 'date_to', label: t('到'), type: 'date', more: true },
    ],
    query: (s) => afterSaleListQuery(payloadOf(side, s)),
    rowKey: (r) => r.id,
    columns: [
      { key: 'no', header: t('售后单号'), width: '10rem', cell: (r) => <Link to="/backend/service/afterSale/detail/$asNo" params={{ asNo: r.as_no }}>{r.as_no}</Link> },
      { key: 'status', header: t('状态'), width: '7rem', cell: (r) => <span title={t(AFTERSALE_NEXT_STEP[r.status])}><AfterSaleStatusTag status={r.status} /></span> },
      { key: 'type', priority: 2, header: t('类型'), width: '6rem', cell: (r) => <AfterSaleTypeTag type={r.type} warrantyMonths={r.warranty_months} /> },
      { key: 'at', priority: 3, header: t('申请时间'), width: '8.5rem', cell: (r) => formatDate(lang, r.created_at, true) },
      { key: 'party', priority: 2, header: counterpart, width: '11rem', cell: (r) => <span data-user-text>{side === 'seller' ? r.buyer_company_name : r.seller_company_name}</span> },
      { key: 'lines', priority: 3, header: t('配件'), width: '10rem', cell: (r) => <><span data-user-text>{r.first_line}</span>{r.line_count > 1 && ` ${t('等{{n}}种', { n: r.line_count })}`} · {t('{{n}}件', { n: formatNumber(lang, r.total_qty) })}</> },
      { key: 'reason', priority: 3, header: t('原因'), width: '7rem', cell: (r) => reasonText(t, r.reason) },
      { key: 'amount', header: t('退款金额'), width: '5.5rem', num: true, cell: (r) => <Price fen={r.refund_fen} /> },
      { key: 'order', priority: 3, header: t('订单号'), width: '10rem', cell: (r) => <Link to="/backend/order/detail/$orderNo" params={{ orderNo: r.order_no }}>{r.order_no}</Link> },
    ],
    empty: (filtered) => (filtered ? t('没有符合条件的售后，换个条件试试。')
      : side === 'seller' ? t('还没有买家申请售后。买家在已发货的订单上申请后，这里会列出，并通过消息助手通知您。')
      : t('还没有申请过售后。在采购订单详情里，已发货或已收货的配件旁点“申请售后”即可申请。')),
  };
  return (
    <ListPage def={def} search={search} onSearch={(s) => onSearch(s)}
      toolbar={sides.length > 1 ? sides.map((s) => (
        <Button key={s} type="button" size="small" label={s === 'seller' ? t('我是卖家') : t('我是买家')} outlined={s !== side} aria-pressed={s === side}
          onClick={() => onSearch({}, s)} />
      )) : undefined} />
  );
}
