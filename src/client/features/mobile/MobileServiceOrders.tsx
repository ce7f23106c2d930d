/**
 * 售后 on a phone (requirements 000-2 /ofo/serviceOrder, /ofo/serviceOrder/detail): the company's
 * after-sales of one side (我是买家: asked by us, 我是卖家: asked of us, as the desktop list's
 * `side`), newest first, by state, as cards; the detail with the buyer's two moves (撤销申请 while
 * the seller has not received anything, 退货 with carrier and waybill once the seller agreed to a
 * return) or the seller's answers (同意, 拒绝 with the reason, 确认收货 of the returned parts,
 * 确认退款) in the desktop's own dialog (aftersale/AfterSaleMoveDialog) as a bottom sheet.
 * Applying is on the order's desktop page, where the lines and photos fit.
 */
import { useState } from 'react';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { AfterSaleDetail } from '../../../shared/contracts';
import {
  AFTERSALE_ACTION_TEXT, AFTERSALE_BUYER_CODES, AFTERSALE_NEXT_STEP, AFTERSALE_SELLER_CODES, AFTERSALE_STATUS_TEXT, AFTERSALE_STATUSES, AFTERSALE_TYPE_TEXT,
  availableAfterSaleActions, type AfterSaleAction, type AfterSaleStatus,
} from '../../../shared/domain/aftersale';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { ApiError, OfflineError } from '../../api/request';
import { Price } from '../currency/Price';
import { afterSaleDetailQuery, afterSaleListQuery } from '../aftersale/queries';
import { useAfterSaleMove } from '../aftersale/mutations';
import { AfterSaleMoveDialog, type MemberAction } from '../aftersale/AfterSaleMoveDialog';
import { AfterSaleStatusTag } from '../aftersale/AfterSaleStatusTag';
import { MobilePage } from './MobilePage';
import { useLang, useT } from '../../i18n/lang';
import { formatMoment, formatNumber } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withData, withNodes } from '../../i18n/with-data';
import { reasonText } from '../aftersale/reason';

/** dates, counts and a failure in the page's language (docs/i18n.md) */
const usePageWords = () => {
  const t = useT();
  const lang = useLang();
  return {
    t,
    at: (s: number) => (s ? formatMoment(lang, s) : ''),
    num: (n: number) => formatNumber(lang, n),
    offlineOr: (e: Error) => (e instanceof OfflineError ? t('当前离线，联网后可查看售后') : <Refusal text={e.message} />),
  };
};
const PAGE = 50;

export type ServiceOrderSide = 'seller' | 'buyer';
export interface ServiceOrderSearch { side?: ServiceOrderSide; status?: AfterSaleStatus; page?: number }

/** The sides the user may list, 我是卖家 first (the desktop list's order, aftersale/list-params.ts). */
const sidesOf = (codes: readonly string[]): ServiceOrderSide[] => [
  ...(hasAnyPermission(codes, AFTERSALE_SELLER_CODES) ? ['seller' as const] : []),
  ...(hasAnyPermission(codes, AFTERSALE_BUYER_CODES) ? ['buyer' as const] : []),
];

export function MobileServiceOrderList({ search }: { search: ServiceOrderSearch }) {
  const { t, at, num, offlineOr } = usePageWords();
  const navigate = useNavigate();
  const codes = useRouteContext({ from: '__root__' }).session.user?.permissions ?? [];
  const sides = sidesOf(codes);
  // the side asked for when the user may see it, else the first it may (as the desktop list)
  const side = search.side && sides.includes(search.side) ? search.side : sides[0] ?? 'buyer';
  const seller = side === 'seller';
  const page = search.page ?? 1;
  const q = useQuery({ ...afterSaleListQuery({ side, status: search.status ?? '', page_number: page, page_size: PAGE }), placeholderData: keepPreviousData });
  const go = (change: ServiceOrderSearch) => void navigate({ to: '/ofo/serviceOrder', search: { ...search, side, page: undefined, ...change } });
  const tabs: Array<AfterSaleStatus | undefined> = [undefined, ...AFTERSALE_STATUSES];
  return (
    <MobilePage title={seller ? t('售后服务 · 我是卖家') : t('售后服务')} back={seller ? '/ofo/sales/order' : '/ofo/myorder'}>
      {sides.length > 1 && (
        <nav className="m-tabs" aria-label={t('售后方')}>
          {sides.map((s) => (
            <button key={s} type="button" className={s === side ? 'active' : ''} aria-pressed={s === side} onClick={() => go({ side: s, status: undefined })}>{s === 'seller' ? t('我是卖家') : t('我是买家')}</button>
          ))}
        </nav>
      )}
      <nav className="m-tabs" aria-label={t('售后状态')}>
        {tabs.map((s) => (
          <button key={s ?? 'all'} type="button" className={search.status === s ? 'active' : ''} aria-pressed={search.status === s} onClick={() => go({ status: s })}>
            {s ? t(AFTERSALE_STATUS_TEXT[s]) : t('全部')} {num(q.data?.counts[s ?? 'all'] ?? 0)}
          </button>
        ))}
      </nav>
      {q.isError && !q.data && <p className="m-alert" role="alert">{offlineOr(q.error)}</p>}
      {!q.data && !q.isError && <div className="m-card" aria-busy="true">{t('正在加载…')}</div>}
      {q.data && q.data.data.length === 0 && (
        <div className="m-card m-empty"><i className="pi pi-inbox" />{search.status ? t('没有这个状态的售后')
          : seller ? t('还没有买家申请售后。买家在已发货的订单上申请后，这里会列出，并通过消息助手通知您。')
          : t('还没有申请过售后。在电脑版的采购订单详情里，已发货或已收货的配件旁点“申请售后”即可申请。')}</div>
      )}
      {q.data?.data.map((a) => (
        <article key={a.as_no} className="m-card m-order" data-testid="service-card" data-as-no={a.as_no}>
          <div className="m-order-head"><strong style={{ minWidth: 0, overflowWrap: 'anywhere' }} data-user-text>{seller ? a.buyer_company_name : a.seller_company_name}</strong><AfterSaleStatusTag status={a.status} /></div>
          <span className="m-muted">{a.as_no} · {at(a.created_at)}</span>
          <span>{t(AFTERSALE_TYPE_TEXT[a.type])} · <span data-user-text>{a.first_line}</span>{a.line_count > 1 && <span className="m-muted"> {t('等{{n}}种', { n: num(a.line_count) })}</span>} · {t('{{n}} 件', { n: num(a.total_qty) })}</span>
          <div className="m-spread">
            <span>{t('退款')} <span className="m-price"><Price fen={a.refund_fen} /></span></span>
            <Link to="/ofo/serviceOrder/detail" search={{ as_no: a.as_no }} className="m-link" aria-label={t('详情 {{no}}', { no: a.as_no })}>{t('详情')} <i className="pi pi-angle-right" /></Link>
          </div>
        </article>
      ))}
      {(q.data?.total ?? 0) > PAGE && (
        <div className="m-spread">
          <Button type="button" outlined label={t('上一页')} disabled={page <= 1} onClick={() => void navigate({ to: '/ofo/serviceOrder', search: { ...search, side, page: page - 1 } })} />
          <span className="m-muted">{t('第 {{n}} 页', { n: num(page) })}</span>
          <Button type="button" outlined label={t('下一页')} disabled={page * PAGE >= (q.data?.total ?? 0)} onClick={() => void navigate({ to: '/ofo/serviceOrder', search: { ...search, side, page: page + 1 } })} />
        </div>
      )}
    </MobilePage>
  );
}

/** The buyer's moves on a phone: 撤销申请 (optional reason) and 退货 (carrier and waybill). */
function BuyerMoves({ a }: { a: AfterSaleDetail }) {
  const t = useT();
  const cancel = useAfterSaleMove('afterSaleCancel');
  const deliver = useAfterSaleMove('afterSaleDeliver');
  const [asking, setAsking] = useState<'cancel' | 'deliver' | null>(null);
  const [form, setForm] = useState({ reason: '', logistics_company: '', logistics_no: '' });
  const actions = a.side === 'buyer' ? availableAfterSaleActions({ status: a.status, type: a.type }, 'buyer') as Array<'cancel' | 'deliver'> : [];
  if (actions.length === 0) return null;
  const err = (asking === 'cancel' ? cancel.error : deliver.error) ?? null;
  const fieldError = (f: string) => (err instanceof ApiError && err.field === f ? err.message : '');
  const general = err && !(err instanceof ApiError && err.field) ? (err instanceof OfflineError ? t('当前离线，联网后再试；填写的内容还在') : err.message) : '';
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const done = { onSuccess: () => setAsking(null) };
  return (
    <section className="m-card" aria-label={t('售后操作')}>
      {asking === 'cancel' && (
        <div className="m-field">
          <label htmlFor="m-as-reason">{t('撤销原因（选填）')}</label>
          <InputTextarea id="m-as-reason" rows={2} value={form.reason} onChange={set('reason')} maxLength={200} />
          {fieldError('reason') && <p className="m-alert" role="alert"><Refusal text={fieldError('reason')} /></p>}
        </div>
      )}
      {asking === 'deliver' && (
        <>
          <div className="m-field">
            <label htmlFor="m-as-company">{t('物流公司')}</label>
            <InputText id="m-as-company" value={form.logistics_company} onChange={set('logistics_company')} placeholder={t('如 顺丰速运')} maxLength={30} />
            {fieldError('logistics_company') && <p className="m-alert" role="alert"><Refusal text={fieldError('logistics_company')} /></p>}
          </div>
          <div className="m-field">
            <label htmlFor="m-as-no">{t('物流单号')}</label>
            <InputText id="m-as-no" value={form.logistics_no} onChange={set('logistics_no')} maxLength={30} />
            {fieldError('logistics_no') && <p className="m-alert" role="alert"><Refusal text={fieldError('logistics_no')} /></p>}
          </div>
        </>
      )}
      {general && <p className="m-alert" role="alert"><Refusal text={general} /></p>}
      <div className="m-actions">
        {asking ? (
          <>
            <Button type="button" outlined label={t('返回')} onClick={() => setAsking(null)} />
            <Button type="button" label={t('确认{{action}}', { action: t(AFTERSALE_ACTION_TEXT[asking]) })} severity={asking === 'cancel' ? 'danger' : undefined} loading={cancel.isPending || deliver.isPending}
              onClick={() => (asking === 'cancel'
                ? cancel.mutate({ as_no: a.as_no, reason: form.reason }, done)
                : deliver.mutate({ as_no: a.as_no, logistics_company: form.logistics_company, logistics_no: form.logistics_no }, done))} />
          </>
        ) : actions.map((x: AfterSaleAction) => (
          <Button key={x} type="button" label={t(AFTERSALE_ACTION_TEXT[x])} severity={x === 'cancel' ? 'danger' : undefined} outlined={x === 'cancel'} onClick={() => setAsking(x as 'cancel' | 'deliver')} />
        ))}
      </div>
    </section>
  );
}

/**
 * The seller's answers on a phone, the desktop's (同意, 拒绝售后 with its reason, 确认收货 of the
 * returned parts, 确认退款 with the method) in the desktop's own dialog as a bottom sheet.
 */
function SellerMoves({ a }: { a: AfterSaleDetail }) {
  const t = useT();
  const [action, setAction] = useState<MemberAction | null>(null);
  const actions = a.side === 'seller' ? availableAfterSaleActions({ status: a.status, type: a.type }, 'seller') as MemberAction[] : [];
  if (actions.length === 0) return null;
  return (
    <section className="m-card" aria-label={t('售后操作')}>
      <div className="m-actions">
        {actions.map((x) => (
          <Button key={x} type="button" label={t(AFTERSALE_ACTION_TEXT[x])} severity={x === 'reject' ? 'danger' : undefined} outlined={x === 'reject'} onClick={() => setAction(x)} />
        ))}
      </div>
      {action && <AfterSaleMoveDialog a={a} action={action} onHide={() => setAction(null)} sheetClass="m-sheet" />}
    </section>
  );
}

export function MobileServiceOrderDetail({ asNo }: { asNo: string }) {
  const { t, at, num, offlineOr } = usePageWords();
  const q = useQuery(afterSaleDetailQuery(asNo));
  if (!q.data) return <MobilePage title={t('售后详情')} back="/ofo/serviceOrder">{q.isError ? <p className="m-alert" role="alert">{offlineOr(q.error)}</p> : <div className="m-card" aria-busy="true">{t('正在加载售后…')}</div>}</MobilePage>;
  const a = q.data;
  return (
    <MobilePage title={t('售后详情')} back={`/ofo/serviceOrder?side=${a.side === 'seller' ? 'seller' : 'buyer'}`}>
      <section className="m-card m-order" aria-label={t('售后状态')}>
        <div className="m-order-head"><span data-testid="service-status"><AfterSaleStatusTag status={a.status} /> {t(AFTERSALE_TYPE_TEXT[a.type])}</span><span className="m-price"><Price fen={a.refund_fen} /></span></div>
        <span className="m-muted">{t('售后 {{no}}', { no: a.as_no })}</span>
        <span className="m-muted">{withNodes(t('申请时间 {{at}} · 订单 {{order}}', { at: at(a.created_at), order: dataSlot(0) }), [<Link key="o" to="/ofo/purchase/orderDetail" search={{ order_no: a.order_no }}>{a.order_no}</Link>])}</span>
        <p className="m-note">{t(AFTERSALE_NEXT_STEP[a.status])}</p>
      </section>
      <BuyerMoves a={a} />
      <SellerMoves a={a} />
      <section className="m-card" aria-label={t('售后信息')}>
        <dl className="m-facts">
          {a.side === 'seller'
            ? <><dt>{t('买家')}</dt><dd>{withData(t('{{company}}（申请人 {{name}}）', { company: dataSlot(0), name: dataSlot(1) }), [a.buyer_company_name, a.buyer_user_name])}</dd></>
            : <><dt>{t('卖家')}</dt><dd data-user-text>{a.seller_company_name}</dd></>}
          <dt>{t('售后原因')}</dt><dd>{reasonText(t, a.reason)}</dd>
          <dt>{t('问题描述')}</dt><dd data-user-text>{a.description || '—'}</dd>
          {a.logistics_no && <><dt>{t('退货物流')}</dt><dd data-testid="service-logistics" data-user-text>{a.logistics_company} {a.logistics_no}</dd></>}
          {a.received_at > 0 && <><dt>{t('卖家收货')}</dt><dd>{at(a.received_at)}</dd></>}
          {a.refund_method && <><dt>{t('退款')}</dt><dd data-user-text>{a.refund_method}{a.refund_note && `（${a.refund_note}）`}</dd></>}
          {a.reject_reason && <><dt>{t('拒绝原因')}</dt><dd data-user-text>{a.reject_reason}</dd></>}
          {a.close_reason && <><dt>{t('平台关闭原因')}</dt><dd data-user-text>{a.close_reason}</dd></>}
        </dl>
        {a.img_infos.length > 0 && (
          <div className="m-row" style={{ marginTop: 8, flexWrap: 'wrap', gap: 6 }}>
            {a.img_infos.map((src) => <img key={src} src={src} alt={t('售后图片')} style={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 6 }} />)}
          </div>
        )}
      </section>
      <section className="m-card" aria-label={t('售后配件')}>
        <h2>{t('配件')}</h2>
        {a.lines.map((l) => (
          <div key={l.order_line_id} className="m-spread" data-testid="service-line" style={{ padding: '6px 0', borderTop: '1px solid #f1f5f9' }}>
            <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}><span data-user-text>{l.supplier_oe} {l.name}</span><br /><small className="m-muted"><Price fen={l.unit_price_fen} /> × {num(l.qty)} {t('（购买 {{n}}）', { n: num(l.bought_qty) })}</small></span>
            <Price fen={l.amount_fen} />
          </div>
        ))}
      </section>
      <section className="m-card" aria-label={t('处理记录')}>
        <h2>{t('处理记录')}</h2>
        <ol className="m-timeline">
          {[...a.events].reverse().map((e, i) => (
            <li key={i} data-testid="service-event">
              <strong>{AFTERSALE_ACTION_TEXT[e.action as AfterSaleAction | 'apply'] ? t(AFTERSALE_ACTION_TEXT[e.action as AfterSaleAction | 'apply']) : e.action}</strong> → {AFTERSALE_STATUS_TEXT[e.to_status as AfterSaleStatus] ? t(AFTERSALE_STATUS_TEXT[e.to_status as AfterSaleStatus]) : e.to_status}
              <br /><span className="m-muted">{at(e.created_at)} · <span data-user-text>{e.company_name} {e.user_name}</span>{e.note && withData(t('（{{note}}）', { note: dataSlot(0) }), [e.note])}</span>
            </li>
          ))}
        </ol>
      </section>
    </MobilePage>
  );
}
