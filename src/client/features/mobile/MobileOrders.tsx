import { useState } from 'react';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import dayjs from 'dayjs';
import type { OrderDetail } from '../../../shared/contracts';
import {
  amountDueFen, availableActions, ORDER_ACTION_TEXT, ORDER_STATUS_TEXT, ORDER_STATUSES, SALES_ORDER_CODES, type OrderAction, type OrderStatus,
} from '../../../shared/domain/orders';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { msg } from '../../../shared/messages';
import { ApiError, OfflineError } from '../../api/request';
import { Price } from '../currency/Price';
import { orderDetailQuery, orderListQuery } from '../orders/queries';
import { useOrderMove } from '../orders/mutations';
import { OrderActionDialog } from '../orders/OrderActionDialog';
import { PayTag, StatusTag } from '../orders/StatusTag';
import { SpotOrderMark } from '../orders/SpotOrderMark';
import { AfterSaleStatusTag } from '../aftersale/AfterSaleStatusTag';
import type { OrderListSearch } from '../orders/order-search';
import { MobilePage } from './MobilePage';
import { FetchedAt } from './MobileSearchPage';
import { mark, useLang, useT } from '../../i18n/lang';
import { formatDate, formatNumber } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withData } from '../../i18n/with-data';

/** a moment of the order to the minute, by Intl in Vietnamese (docs/i18n.md#numbers-money-and-dates) */
const useAt = () => {
  const lang = useLang();
  return (s: number) => (!s ? '' : lang === 'vi' ? formatDate('vi', s, true) : dayjs.unix(s).format('YYYY-MM-DD HH:mm'));
};
/** the page's refusal: offline said in the page's language, else the server's words */
const OfflineOr = ({ e, offline }: { e: Error; offline: string }) => {
  const t = useT();
  return e instanceof OfflineError ? <>{t(offline)}</> : <Refusal text={e.message} />;
};
const EVENT_TEXT: Record<string, string> = { create: mark('提交订单'), ...ORDER_ACTION_TEXT };
const PAGE = 50;

/**
 * 我的订单 (/ofo/myorder) and 采购订单 (/ofo/purchase/order): the company's purchase orders, newest
 * first, by state with the counts, as cards linking to the detail. `no` narrows to an order or a
 * checkout number (the orders one 提交订单 made). 销售订单 (/ofo/sales/order): the same cards for
 * the company's sales orders, naming the buyer.
 */
export function MobileOrderList({ search, to, title }: { search: OrderListSearch; to: '/ofo/myorder' | '/ofo/purchase/order' | '/ofo/sales/order'; title: string }) {
  const t = useT();
  const lang = useLang();
  const at = useAt();
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const sales = to === '/ofo/sales/order';
  const q = useQuery({
    ...orderListQuery({ side: sales ? 'sales' : 'purchase', status: search.status ?? '', pay_status: search.pay ?? '', order_no: search.no ?? '', page_number: page, page_size: PAGE }),
    placeholderData: keepPreviousData,
  });
  const go = (change: Partial<OrderListSearch>) => void navigate({ to, search: { ...search, page: undefined, ...change } });
  const tabs: Array<OrderStatus | undefined> = [undefined, ...ORDER_STATUSES];
  return (
    <MobilePage title={t(title)}>
      <nav className="m-tabs" aria-label={t('订单状态')}>
        {tabs.map((s) => (
          <button key={s ?? 'all'} type="button" className={search.status === s ? 'active' : ''} aria-pressed={search.status === s} onClick={() => go({ status: s })}>
            {s ? t(ORDER_STATUS_TEXT[s]) : t('全部')} {formatNumber(lang, q.data?.counts[s ?? 'all'] ?? 0)}
          </button>
        ))}
      </nav>
      {!sales && (
        <div className="m-spread">
          <Link to="/ofo/purchase/payment" className="m-link">{t('待付款的订单')} <i className="pi pi-angle-right" /></Link>
          <Link to="/ofo/serviceOrder" search={{ side: 'buyer' }} className="m-link">{t('售后服务')} <i className="pi pi-angle-right" /></Link>
        </div>
      )}
      {search.no && (
        <div className="m-spread m-note">
          <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{t('只看 {{no}}', { no: search.no })}</span>
          <Button type="button" text size="small" label={t('看全部')} onClick={() => go({ no: undefined })} />
        </div>
      )}
      {q.isError && !q.data && <p className="m-alert" role="alert"><OfflineOr e={q.error} offline={mark('当前离线，联网后可查看订单')} /></p>}
      {!q.data && !q.isError && <div className="m-card" aria-busy="true">{t('正在加载…')}</div>}
      {q.data && q.data.data.length === 0 && <div className="m-card m-empty"><i className="pi pi-inbox" />{t(msg.noResults)}</div>}
      {q.data?.data.map((o) => (
        <article key={o.order_no} className="m-card m-order" data-testid="order-card" data-order-no={o.order_no}>
          <div className="m-order-head"><strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}><span data-user-text>{sales ? o.buyer_company_name : o.seller_company_name}</span><SpotOrderMark order={o} /></strong><StatusTag status={o.status} /></div>
          <span className="m-muted">{o.order_no} · {at(o.created_at)}</span>
          <span><span data-user-text>{o.first_line}</span>{o.line_count > 1 && <span className="m-muted"> {t('等{{n}}种', { n: o.line_count })}</span>} · {t('共 {{n}} 件', { n: formatNumber(lang, o.total_qty) })}</span>
          <div className="m-spread">
            <span><span className="m-price"><Price fen={o.total_fen} /></span> <PayTag pay={o.pay_status} /></span>
            <Link to="/ofo/purchase/orderDetail" search={{ order_no: o.order_no }} className="m-link" aria-label={t('详情 {{no}}', { no: o.order_no })}>{t('详情')} <i className="pi pi-angle-right" /></Link>
          </div>
        </article>
      ))}
      {(q.data?.total ?? 0) > PAGE && (
        <div className="m-spread">
          <Button type="button" outlined label={t('上一页')} disabled={page <= 1} onClick={() => void navigate({ to, search: { ...search, page: page - 1 } })} />
          <span className="m-muted">{t('第 {{page}} 页', { page })}</span>
          <Button type="button" outlined label={t('下一页')} disabled={page * PAGE >= (q.data?.total ?? 0)} onClick={() => void navigate({ to, search: { ...search, page: page + 1 } })} />
        </div>
      )}
    </MobilePage>
  );
}

/** The buyer's two moves on a phone: 取消订单 (optional reason) while unconfirmed, 确认收货 once shipped. */
function BuyerActions({ order }: { order: OrderDetail }) {
  const t = useT();
  const cancel = useOrderMove('orderCancel');
  const receipt = useOrderMove('orderReceipt');
  const [asking, setAsking] = useState<'cancel' | 'receipt' | null>(null);
  const [reason, setReason] = useState('');
  const actions = order.side === 'buyer' ? availableActions({ status: order.status, payStatus: order.pay_status }, 'buyer') : [];
  if (actions.length === 0) return null;
  const err = cancel.error ?? receipt.error;
  const errText = err ? (err instanceof OfflineError ? t('当前离线，联网后再试') : err instanceof ApiError || err instanceof Error ? err.message : String(err)) : '';
  return (
    <section className="m-card" aria-label={t('订单操作')}>
      {asking === 'cancel' && (
        <div className="m-field">
          <label htmlFor="m-cancel-reason">{t('取消原因（选填）')}</label>
          <InputTextarea id="m-cancel-reason" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      )}
      {asking === 'receipt' && <p className="m-note">{t('请确认已收到全部配件。')}</p>}
      {errText && <p className="m-alert" role="alert"><Refusal text={errText} /></p>}
      <div className="m-actions">
        {asking ? (
          <>
            <Button type="button" outlined label={t('返回')} onClick={() => setAsking(null)} />
            <Button type="button" label={asking === 'cancel' ? t('确认取消订单') : t('确认确认收货')} severity={asking === 'cancel' ? 'danger' : undefined} loading={cancel.isPending || receipt.isPending}
              onClick={() => (asking === 'cancel'
                ? cancel.mutate({ order_no: order.order_no, reason }, { onSuccess: () => setAsking(null) })
                : receipt.mutate({ order_no: order.order_no }, { onSuccess: () => setAsking(null) }))} />
          </>
        ) : actions.map((a) => (
          <Button key={a} type="button" label={t(ORDER_ACTION_TEXT[a])} severity={a === 'cancel' ? 'danger' : undefined} outlined={a === 'cancel'} onClick={() => setAsking(a as 'cancel' | 'receipt')} />
        ))}
      </div>
    </section>
  );
}

/**
 * The seller's moves on a phone, the desktop's (确认订单, 拒绝订单 with its reason, 发货 with carrier
 * and waybill, 登记线下收款) in the desktop's own dialog (orders/OrderActionDialog) as a bottom
 * sheet: the sales order codes make them, as on the desktop page.
 */
function SellerActions({ order }: { order: OrderDetail }) {
  const t = useT();
  const codes = useRouteContext({ from: '__root__' }).session.user?.permissions ?? [];
  const [action, setAction] = useState<OrderAction | null>(null);
  const actions = order.side === 'seller' && hasAnyPermission(codes, SALES_ORDER_CODES) ? availableActions({ status: order.status, payStatus: order.pay_status }, 'seller') : [];
  if (actions.length === 0) return null;
  return (
    <section className="m-card" aria-label={t('订单操作')}>
      <div className="m-actions">
        {actions.map((a) => (
          <Button key={a} type="button" label={t(ORDER_ACTION_TEXT[a])} severity={a === 'reject' ? 'danger' : undefined} outlined={a === 'reject' || a === 'pay'} onClick={() => setAction(a)} />
        ))}
      </div>
      {action && <OrderActionDialog order={order} action={action} onHide={() => setAction(null)} sheetClass="m-sheet" />}
    </section>
  );
}

const useOrder = (orderNo: string) => useQuery(orderDetailQuery(orderNo));

/**
 * 订单详情 (/ofo/purchase/orderDetail): state, contact and address, lines, and the moves of the
 * side looking: the buyer's (and links to 物流 and 付款), or the seller's (确认, 拒绝, 发货, 收款).
 */
export function MobileOrderDetail({ orderNo }: { orderNo: string }) {
  const t = useT();
  const lang = useLang();
  const at = useAt();
  const q = useOrder(orderNo);
  if (!q.data) return <MobilePage title={t('订单详情')} back="/ofo/purchase/order">{q.isError ? <p className="m-alert" role="alert"><OfflineOr e={q.error} offline={mark('当前离线，联网后可查看订单')} /></p> : <div className="m-card" aria-busy="true">{t('正在加载订单…')}</div>}</MobilePage>;
  const o = q.data;
  return (
    <MobilePage title={t('订单详情')} back={o.side === 'seller' ? '/ofo/sales/order' : '/ofo/purchase/order'}>
      <section className="m-card m-order" aria-label={t('订单状态')}>
        <div className="m-order-head"><span data-testid="detail-status"><StatusTag status={o.status} /> <PayTag pay={o.pay_status} /><SpotOrderMark order={o} /></span><span className="m-price"><Price fen={o.total_fen} /></span></div>
        {o.deducted_fen > 0 && (
          <span className="m-muted" data-testid="order-deducted">{t('售后冲减')} −<Price fen={o.deducted_fen} /> · {o.pay_status === 'paid' ? t('实付') : t('应付')} <Price fen={amountDueFen(o)} /></span>
        )}
        <span className="m-muted">{t('订单 {{no}}', { no: o.order_no })}</span>
        <span className="m-muted">{t('下单 {{at}} · 结算号 {{no}}', { at: at(o.created_at), no: o.checkout_no })}</span>
        <FetchedAt at={q.dataUpdatedAt} offline={q.isError || !navigator.onLine} what={mark('订单')} />
      </section>
      <BuyerActions order={o} />
      <SellerActions order={o} />
      <section className="m-card" aria-label={t('收货信息')}>
        <dl className="m-facts">
          {o.side === 'seller'
            ? <><dt>{t('买家')}</dt><dd>{withData(t('{{company}}（下单人 {{name}}）', { company: dataSlot(0), name: dataSlot(1) }), [o.buyer_company_name, o.buyer_user_name])}</dd></>
            : <><dt>{t('卖家')}</dt><dd data-user-text>{o.seller_company_name}</dd></>}
          <dt>{t('收货人')}</dt><dd data-user-text>{o.contact_name} {o.contact_phone}</dd>
          <dt>{t('收货地址')}</dt><dd data-user-text>{o.address}</dd>
          <dt>{t('买家留言')}</dt><dd data-user-text>{o.remark || '—'}</dd>
          {o.reject_reason && <><dt>{t('拒绝原因')}</dt><dd data-user-text>{o.reject_reason}</dd></>}
          {o.cancel_reason && <><dt>{t('取消原因')}</dt><dd data-user-text>{o.cancel_reason}</dd></>}
          {o.side === 'seller' && o.pay_status === 'paid' && <><dt>{t('收款')}</dt><dd><span data-user-text>{o.pay_method}{o.pay_note && `（${o.pay_note}）`}</span> · {at(o.paid_at)}</dd></>}
        </dl>
        <div className="m-row" style={{ marginTop: 8 }}>
          <Link to="/ofo/purchase/logistics" search={{ order_no: o.order_no }} className="m-link" data-testid="order-logistics"><i className="pi pi-truck" />&nbsp;{t('物流')}{o.logistics_no && <span data-user-text>{`：${o.logistics_company} ${o.logistics_no}`}</span>}</Link>
          {o.side === 'buyer' && <Link to="/ofo/purchase/payment" search={{ order_no: o.order_no }} className="m-link"><i className="pi pi-wallet" />&nbsp;{t('付款')}</Link>}
        </div>
      </section>
      <section className="m-card" aria-label={t('订单明细')}>
        <h2>{t('明细')}</h2>
        {o.lines.map((l) => (
          <div key={l.id} className="m-spread" data-testid="order-line" style={{ padding: '6px 0', borderTop: '1px solid #f1f5f9' }}>
            <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}><span data-user-text>{l.supplier_oe} {l.name}</span><br /><small className="m-muted"><Price fen={l.unit_price_fen} /> × {formatNumber(lang, l.qty)} · {l.include_tax ? t('含税') : t('不含税')}</small></span>
            <Price fen={l.amount_fen} />
          </div>
        ))}
        <div className="m-spread" style={{ borderTop: '1px solid #e5e7eb', paddingTop: 6 }}><span>{t('共 {{kinds}} 种 {{qty}} 件', { kinds: formatNumber(lang, o.line_count), qty: formatNumber(lang, o.total_qty) })}</span><strong><Price fen={o.total_fen} /></strong></div>
      </section>
      {o.after_sales.length > 0 && (
        <section className="m-card" aria-label={t('售后')}>
          <h2>{t('售后')}</h2>
          {o.after_sales.map((a) => (
            <div key={a.as_no} className="m-spread" style={{ padding: '6px 0', borderTop: '1px solid #f1f5f9' }}>
              <Link to="/ofo/serviceOrder/detail" search={{ as_no: a.as_no }} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{a.as_no}</Link>
              <AfterSaleStatusTag status={a.status} />
            </div>
          ))}
        </section>
      )}
    </MobilePage>
  );
}

/** 物流 (/ofo/purchase/logistics): the carrier and tracking number the seller entered, and the order's events. */
export function MobileLogistics({ orderNo }: { orderNo: string }) {
  const t = useT();
  const at = useAt();
  const q = useOrder(orderNo);
  if (!q.data) return <MobilePage title={t('物流信息')} back="/ofo/purchase/order">{q.isError ? <p className="m-alert" role="alert"><OfflineOr e={q.error} offline={mark('当前离线，联网后可查看物流')} /></p> : <div className="m-card" aria-busy="true">{t('正在加载…')}</div>}</MobilePage>;
  const o = q.data;
  return (
    <MobilePage title={t('物流信息')} back="/ofo/purchase/order">
      <section className="m-card" aria-label={t('物流')}>
        <dl className="m-facts">
          <dt>{t('订单')}</dt><dd><Link to="/ofo/purchase/orderDetail" search={{ order_no: o.order_no }}>{o.order_no}</Link></dd>
          <dt>{t('状态')}</dt><dd><StatusTag status={o.status} /></dd>
          <dt>{t('物流公司')}</dt><dd data-testid="logistics-company" data-user-text>{o.logistics_company || '—'}</dd>
          <dt>{t('物流单号')}</dt><dd data-testid="logistics-no" data-user-text>{o.logistics_no || '—'}</dd>
          {o.shipped_at > 0 && <><dt>{t('发货时间')}</dt><dd>{at(o.shipped_at)}</dd></>}
          {o.received_at > 0 && <><dt>{t('收货时间')}</dt><dd>{at(o.received_at)}</dd></>}
        </dl>
        {!o.logistics_no && (
          <p className="m-note" style={{ marginTop: 8 }}>
            {o.status === 'cancelled' || o.status === 'rejected'
              ? t('订单{{status}}，不会发货', { status: t(ORDER_STATUS_TEXT[o.status]) })
              : o.side === 'seller'
                ? <>尚未发货：在<Link to="/ofo/purchase/orderDetail" search={{ order_no: o.order_no }}>订单详情</Link>里确认订单并发货，发货后这里显示物流公司和单号</>
                : t('卖家尚未发货，发货后这里显示物流公司和单号')}
          </p>
        )}
      </section>
      <section className="m-card" aria-label={t('订单动态')}>
        <h2>{t('订单动态')}</h2>
        <ol className="m-timeline">
          {[...o.events].reverse().map((e, i) => (
            <li key={i} data-testid="order-event">
              <strong>{EVENT_TEXT[e.action] ? t(EVENT_TEXT[e.action]) : e.action}</strong> → {ORDER_STATUS_TEXT[e.to_status as OrderStatus] ? t(ORDER_STATUS_TEXT[e.to_status as OrderStatus]) : e.to_status}
              <br /><span className="m-muted">{at(e.created_at)} · <span data-user-text>{e.user_name}{e.note ? `（${e.note}）` : ''}</span></span>
            </li>
          ))}
        </ol>
      </section>
    </MobilePage>
  );
}
