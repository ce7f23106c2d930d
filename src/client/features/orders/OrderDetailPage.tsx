import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useRouteContext } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import {
  amountDueFen, availableActions, paidOnline, ORDER_ACTION_TEXT, ORDER_STATUS_TEXT, PURCHASE_ORDER_CODES, SALES_ORDER_CODES, type OrderAction, type OrderStatus,
} from '../../../shared/domain/orders';
import { AFTERSALE_BUYER_CODES } from '../../../shared/domain/aftersale';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { chargedColumnLabel } from '../../../shared/domain/prices';
import { OfflineError } from '../../api/request';
import { Price } from '../currency/Price';
import { PromoPrice } from '../search/PromoTag';
import { orderDetailQuery } from './queries';
import { OrderActionDialog } from './OrderActionDialog';
import { PayTag, StatusTag } from './StatusTag';
import { Tag } from 'primereact/tag';
import { SpotOrderMark } from './SpotOrderMark';
import { OrderPrintSheet, type PrintKind } from './OrderPrintSheet';
import { applicableLines, orderRefusal } from '../aftersale/AfterSaleApplyPage';
import { AfterSaleStatusTag, AfterSaleTypeTag } from '../aftersale/AfterSaleStatusTag';
import { useLang, useT, mark } from '../../i18n/lang';
import { formatMoment as orderTime, formatNumber } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withData, withNodes } from '../../i18n/with-data';
import './orders.css';

const EVENT_TEXT: Record<string, string> = { create: mark('提交订单'), ...ORDER_ACTION_TEXT };

/** 订单详情 (/backend/order/detail/{no}): either side's view, with the moves that side may make now. */
export function OrderDetailPage({ orderNo }: { orderNo: string }) {
  const t = useT();
  const lang = useLang();
  const at = (s: number) => orderTime(lang, s);
  const q = useQuery(orderDetailQuery(orderNo));
  const [action, setAction] = useState<OrderAction | null>(null);
  const [sheet, setSheet] = useState<PrintKind>('order');
  // the chosen sheet is in the page before the browser's print dialog opens (Ctrl+P prints the order sheet)
  const print = (kind: PrintKind) => {
    flushSync(() => setSheet(kind));
    window.print();
  };
  const codes = useRouteContext({ from: '__root__' }).session.user?.permissions ?? [];
  if (q.isPending) return <div className="card" aria-busy="true">{t('正在加载订单…')}</div>;
  if (q.isError) return <div className="card" role="alert">{q.error instanceof OfflineError ? t('当前离线，联网后可查看订单') : <Refusal text={q.error.message} />}</div>;
  const o = q.data;
  const side = o.side;
  // the side's order codes make the moves and list the orders; M08 alone (售后) only reads the order
  const sideCodes = hasAnyPermission(codes, side === 'buyer' ? PURCHASE_ORDER_CODES : SALES_ORDER_CODES);
  const actions = sideCodes ? availableActions({ status: o.status, payStatus: o.pay_status }, side) : [];
  const back = !sideCodes ? { to: '/backend/service/afterSale', text: t('售后服务') } as const
    : side === 'buyer' ? { to: '/backend/order/purchase', text: t('采购订单') } as const : { to: '/backend/order/sales', text: t('销售订单') } as const;
  // 申请售后 beside each line the buyer may still ask on (the server checks the same rules again)
  const afterSaleOpen = side === 'buyer' && orderRefusal(o) === null && hasAnyPermission(codes, AFTERSALE_BUYER_CODES);
  const byLine = new Map(applicableLines(o).map((l) => [l.line.id, l]));
  return (
    <div className="order-detail">
      <section className="card order-detail-head" aria-label={t('订单状态')}>
        <div>
          <Link to={back.to}>← {back.text}</Link>
          <h2 className="orders-title">{t('订单 {{no}}', { no: o.order_no })}</h2>
          <span className="muted">{t('下单时间 {{at}} · 结算号 {{no}}', { at: at(o.created_at), no: o.checkout_no })}</span>
        </div>
        <div className="order-detail-state">
          <StatusTag status={o.status} /> <PayTag pay={o.pay_status} /><SpotOrderMark order={o} />
          {o.credit_due_date && <Tag value={o.credit_overdue ? t('账期 · 已逾期') : t('账期')} severity={o.credit_overdue ? 'danger' : 'info'} data-testid="order-credit-tag" style={{ marginLeft: '0.3rem' }} />}
          <strong className="order-total"><Price fen={o.total_fen} /></strong>
          {o.reduction_fen > 0 && (
            <span className="muted" data-testid="order-reduction">{o.reduction_kind === 'bundle' ? t('组合套装节省') : t('满减')} “<span data-user-text>{o.reduction_name}</span>” −<Price fen={o.reduction_fen} /></span>
          )}
          {o.voucher_fen > 0 && (
            <span className="muted" data-testid="order-voucher">{t('优惠券')} “<span data-user-text>{o.voucher_name}</span>” −<Price fen={o.voucher_fen} /></span>
          )}
          {o.deducted_fen > 0 && (
            <span className="muted" data-testid="order-deducted">
              {t('售后冲减')} −<Price fen={o.deducted_fen} /> · {o.pay_status === 'paid' ? t('实收') : side === 'buyer' ? t('应付') : t('应收')} <Price fen={amountDueFen(o)} />
            </span>
          )}
        </div>
        <div className="order-actions">
          {/* also in the head: the lines table scrolls sideways on a tablet, its 售后 column last */}
          {afterSaleOpen && [...byLine.values()].some((l) => l.available > 0 && !l.openAsNo) && (
            <Link to="/backend/service/afterSale/apply" search={{ order_no: o.order_no }} className="p-button p-button-outlined">{t('申请售后')}</Link>
          )}
          {actions.map((a) => (
            <Button key={a} type="button" label={t(ORDER_ACTION_TEXT[a])} severity={a === 'reject' || a === 'cancel' ? 'danger' : undefined} outlined={a === 'reject' || a === 'cancel'} onClick={() => setAction(a)} />
          ))}
        </div>
        {/* paper for either side at any state: the order sheet for the files, the delivery note for the box (print.css) */}
        <div className="order-print" role="group" aria-label={t('打印')}>
          <Button type="button" label={t('打印订单')} icon="pi pi-print" text onClick={() => print('order')} />
          <Button type="button" label={t('打印发货单')} icon="pi pi-print" text onClick={() => print('delivery')} />
        </div>
      </section>
      <div className="order-detail-grid">
        <section className="card" aria-label={t('交易信息')}>
          <h3>{t('交易信息')}</h3>
          <dl className="order-facts">
            <dt>{t('卖家')}</dt><dd data-user-text>{o.seller_company_name}</dd>
            <dt>{t('买家')}</dt><dd>{withData(t('{{company}}（下单人 {{name}}）', { company: dataSlot(0), name: dataSlot(1) }), [o.buyer_company_name, o.buyer_user_name])}</dd>
            <dt>{t('收货人')}</dt><dd data-user-text>{o.contact_name} {o.contact_phone}</dd>
            <dt>{t('收货地址')}</dt><dd data-user-text>{o.address}</dd>
            <dt>{t('买家留言')}</dt><dd data-user-text>{o.remark || '—'}</dd>
            {o.logistics_no && <><dt>{t('物流')}</dt><dd data-user-text>{o.logistics_company} {o.logistics_no}</dd></>}
            {o.pay_status === 'paid' && <><dt>{t('支付方式')}</dt><dd data-testid="order-pay-method"><span data-user-text>{o.pay_method}{o.pay_note && `（${o.pay_note}）`}</span> · {at(o.paid_at)}{o.payment_no && <span className="muted"> · {t('付款单 {{no}}', { no: o.payment_no })}</span>}</dd></>}
            {o.pay_status === 'paid' && <><dt>{t('已付款')}</dt><dd data-testid="order-paid"><Price fen={o.paid_fen} /></dd></>}
            {o.refunded_fen > 0 && <><dt>{t('已退款')}</dt><dd data-testid="order-refunded"><Price fen={o.refunded_fen} />{o.refunds.some((r) => r.state === 'pending') && <span className="muted">{t('（支付渠道退款处理中）')}</span>}</dd></>}
            {paidOnline(o.pay_channel) && (
              <><dt>{t('结算给卖家')}</dt><dd data-testid="order-payout">{o.paid_out_at ? <><Price fen={o.payout_fen} />{o.payout_fee_fen > 0 && <span className="muted">{withNodes(t('（平台服务费 {{fee}}）', { fee: dataSlot(0) }), [<Price key="fee" fen={o.payout_fee_fen} />])}</span>} · {at(o.paid_out_at)}</> : t('平台暂管，买家确认收货后结算')}</dd></>
            )}
            {o.credit_due_date && (
              <><dt>{t('账期到期')}</dt><dd data-testid="order-credit-due">{o.credit_due_date}{o.credit_overdue && <strong className="order-overdue">{t('（已逾期）')}</strong>}
                {o.pay_status === 'unpaid' && <span className="muted">{' · '}{side === 'buyer' ? t('到期前在线付款，或线下付款后由卖家登记收款') : t('买家在线付款或您登记线下收款后结清')}</span>}</dd></>
            )}
            {o.pay_status === 'unpaid' && !o.offline_allowed && side === 'buyer' && <><dt>{t('付款')}</dt><dd>{t('该卖家仅接受在线付款（钱包余额或在线支付）')}</dd></>}
            {o.reject_reason && <><dt>{t('拒绝原因')}</dt><dd data-user-text>{o.reject_reason}</dd></>}
            {o.cancel_reason && <><dt>{t('取消原因')}</dt><dd data-user-text>{o.cancel_reason}</dd></>}
          </dl>
        </section>
        <section className="card" aria-label={t('操作记录')}>
          <h3>{t('操作记录')}</h3>
          <ol className="order-events">
            {o.events.map((e, i) => (
              <li key={i}><span className="muted">{at(e.created_at)}</span> <span data-user-text>{e.user_name}</span> {EVENT_TEXT[e.action] ? t(EVENT_TEXT[e.action]) : e.action} → {ORDER_STATUS_TEXT[e.to_status as OrderStatus] ? t(ORDER_STATUS_TEXT[e.to_status as OrderStatus]) : e.to_status}{e.note && <span className="muted">{withData(t('（{{note}}）', { note: dataSlot(0) }), [e.note])}</span>}</li>
            ))}
          </ol>
        </section>
      </div>
      <section className="card" aria-label={t('订单明细')}>
        <div className="table-scroll">
          <table className="orders-table">
          <thead>
            <tr><th>{t('配件')}</th><th style={{ width: '11rem' }}>{t('品牌 / 品质')}</th><th className="num" style={{ width: '9rem' }}>{t('单价')}</th><th className="num" style={{ width: '5rem' }}>{t('数量')}</th><th style={{ width: '5rem' }}>{t('含税')}</th><th className="num" style={{ width: '8rem' }}>{t('金额')}</th>{afterSaleOpen && <th style={{ width: '7rem' }}>{t('售后')}</th>}</tr>
          </thead>
          <tbody>
            {o.lines.map((l) => (
              <tr key={l.id} data-testid="order-line">
                <td className="orders-part" data-user-text>{l.supplier_oe} {l.name}</td>
                <td data-testid="line-brand" data-user-text>{l.brand_name || '—'}{l.quality_name !== l.brand_name && <small className="muted">{l.quality_name}</small>}</td>
                <td className="num">
                  {/* charged under the seller's promotion plan: the price before it struck through, and the plan (docs/promotions.md) */}
                  <PromoPrice fen={l.unit_price_fen} listFen={l.list_price_fen} show={(fen) => <Price fen={fen} />} /><small className="muted">{t(chargedColumnLabel(l.price_column))}</small>
                  {l.promo_name && <small className="muted" data-testid="line-promo">{t('促销：')}<span data-user-text>{l.promo_name}</span></small>}
                </td>
                <td className="num">{formatNumber(lang, l.qty)}{l.uom_name && <> <span data-user-text>{l.uom_name}</span></>}</td>
                <td>{l.include_tax ? t('含税') : t('不含税')}</td>
                <td className="num"><Price fen={l.amount_fen} /></td>
                {afterSaleOpen && (
                  <td>{(() => {
                    const a = byLine.get(l.id);
                    if (a?.openAsNo) return <Link to="/backend/service/afterSale/detail/$asNo" params={{ asNo: a.openAsNo }}>{t('售后中')}</Link>;
                    if (!a || a.available === 0) return <span className="muted">{t('已退回')}</span>;
                    return <Link to="/backend/service/afterSale/apply" search={{ order_no: o.order_no, line: l.id }} className="p-button p-button-sm p-button-outlined" aria-label={t('申请售后 {{oe}}', { oe: l.supplier_oe })}>{t('申请售后')}</Link>;
                  })()}</td>
                )}
              </tr>
            ))}
          </tbody>
          <tfoot><tr><td colSpan={3}>{t('共 {{kinds}} 种 {{qty}} 件', { kinds: formatNumber(lang, o.line_count), qty: formatNumber(lang, o.total_qty) })}</td><td colSpan={afterSaleOpen ? 4 : 3} className="num">{(o.voucher_fen > 0 || o.reduction_fen > 0) && <>{t('商品')} <Price fen={o.total_fen + o.voucher_fen + o.reduction_fen} /> </>}{o.reduction_fen > 0 && <>{o.reduction_kind === 'bundle' ? t('组合套装节省') : t('满减')} −<Price fen={o.reduction_fen} /> </>}{o.voucher_fen > 0 && <>{t('优惠券')} −<Price fen={o.voucher_fen} /> </>}{t('合计')} <Price fen={o.total_fen} /></td></tr></tfoot>
          </table>
        </div>
      </section>
      {o.after_sales.length > 0 && (
        <section className="card" aria-label={t('售后记录')}>
          <h3>{t('售后')}</h3>
          <ul className="order-events" data-testid="order-aftersales">
            {o.after_sales.map((a) => (
              <li key={a.as_no}>
                <Link to="/backend/service/afterSale/detail/$asNo" params={{ asNo: a.as_no }}>{a.as_no}</Link> <AfterSaleTypeTag type={a.type} /> <AfterSaleStatusTag status={a.status} />
                <span className="muted"> {at(a.created_at)} · {t('{{n}} 件', { n: formatNumber(lang, a.lines.reduce((s, l) => s + l.qty, 0)) })} · {t('退款')} </span><Price fen={a.refund_fen} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <OrderPrintSheet order={o} kind={sheet} />
      {action && <OrderActionDialog order={o} action={action} onHide={() => setAction(null)} />}
    </div>
  );
}
