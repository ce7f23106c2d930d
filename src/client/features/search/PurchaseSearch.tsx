import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { Paginator } from 'primereact/paginator';
import { endpoints, type PurchaseLine } from '../../../shared/contracts';
import { CART_CODES } from '../../../shared/contracts/codes';
import { fieldErrors } from '../../../shared/domain/field-errors';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { ORDER_STATUS_TEXT } from '../../../shared/domain/orders';
import { yuan } from '../../../shared/domain/money';
import { formatChina } from '../../../shared/domain/china-time';
import { useCartWrite } from '../cart/mutations';
import { purchaseHistoryQuery } from './queries';
import { PURCHASE_PAGE_SIZES, purchaseFilterOf, type PurchaseParams } from './more-params';
import { useT } from '../../i18n/lang';
import './search-more.css';

type Fields = { oe: string; name: string; seller: string; date_from: string; date_to: string };

/**
 * 采购记录查询 (/search/purchase, docs/search.md "Purchase history"): OE号, 名称, 卖家 and the order
 * dates. The date range is checked with the call's own schema before leaving the page.
 */
export function PurchaseSearchForm({ initial }: { initial?: Partial<Fields> }) {
  const t = useT();
  const navigate = useNavigate();
  const [f, setF] = useState<Fields>({ oe: '', name: '', seller: '', date_from: '', date_to: '', ...initial });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (key: keyof Fields) => ({
    id: `purchase-${key}`, name: key, value: f[key],
    onChange: (e: { target: { value: string } }) => { setF((x) => ({ ...x, [key]: e.target.value })); setErrors({}); },
  });
  const said = (key: keyof Fields) => errors[key] && <small className="field-error" role="alert">{errors[key]}</small>;
  const submit = () => {
    const found = fieldErrors(endpoints.purchaseHistorySearch.payload, f);
    if (Object.keys(found).length > 0) return setErrors(found);
    void navigate({ to: '/search/purchase/result', search: { ...Object.fromEntries(Object.entries(f).filter(([, x]) => x.trim() !== '')), page_number: 1 } });
  };
  return (
    <form className="purchase-form" aria-label={t('采购记录查询')} onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <label htmlFor="purchase-oe">{t('OE号')}<InputText {...field('oe')} placeholder={t('如：MB1-5W30')} />{said('oe')}</label>
      <label htmlFor="purchase-name">{t('名称')}<InputText {...field('name')} placeholder={t('如：机油、刹车片')} />{said('name')}</label>
      <label htmlFor="purchase-seller">{t('卖家')}<InputText {...field('seller')} placeholder={t('卖家名称或简称')} />{said('seller')}</label>
      <label htmlFor="purchase-date_from">{t('下单日期从')}<input type="date" className="p-inputtext p-component" {...field('date_from')} aria-invalid={!!errors.date_from} />{said('date_from')}</label>
      <label htmlFor="purchase-date_to">{t('到')}<input type="date" className="p-inputtext p-component" {...field('date_to')} aria-invalid={!!errors.date_to} />{said('date_to')}</label>
      <span className="purchase-actions"><Button type="submit" label={t('查询')} icon="pi pi-search" /></span>
    </form>
  );
}

/** The order lines found, with 再次购买 on each line the seller still sells. */
export function PurchaseResults({ params }: { params: PurchaseParams }) {
  const t = useT();
  const navigate = useNavigate();
  const filter = purchaseFilterOf(params);
  const q = useQuery({ ...purchaseHistoryQuery(filter), placeholderData: keepPreviousData });
  const { page_number, page_size, ...fields } = filter;
  return (
    <section className="card more-search" aria-label={t('采购记录')}>
      <h2 className="more-title">{t('采购记录查询')}</h2>
      <PurchaseSearchForm initial={fields} />
      {q.isPending ? <p aria-busy="true">{t('正在查询…')}</p>
        : q.isError && !q.data ? <p role="alert">{q.error.message}</p>
          : (
            <>
              <p className="muted" role="status">{t('共')} {q.data!.total} {t('条采购明细')}{Object.values(fields).some(Boolean) ? t('（按上面的条件）') : ''}</p>
              {q.data!.rows.length === 0
                ? <p className="more-empty">{t('没有符合条件的采购记录。')}<Link to="/search/purchase">{t('重新查询')}</Link></p>
                : <PurchaseTable rows={q.data!.rows} />}
              {q.data!.total > page_size && (
                <Paginator first={(page_number - 1) * page_size} rows={page_size} totalRecords={q.data!.total} rowsPerPageOptions={[...PURCHASE_PAGE_SIZES]}
                  onPageChange={(e) => void navigate({ to: '/search/purchase/result', search: { ...params, page_number: e.page + 1, page_size: e.rows } })} />
              )}
            </>
          )}
    </section>
  );
}

function PurchaseTable({ rows }: { rows: PurchaseLine[] }) {
  const t = useT();
  return (
    <table className="more-table purchase-table">
      <thead>
        <tr><th>{t('订单号')}</th><th>{t('卖家')}</th><th>{t('OE号')}</th><th>{t('名称')}</th><th>{t('数量')}</th><th>{t('单价')}</th><th>{t('下单日期')}</th><th>{t('再次购买')}</th></tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.line_id}>
            <td data-label={t('订单号')} className="nowrap"><Link to="/backend/order/detail/$orderNo" params={{ orderNo: r.order_no }}>{r.order_no}</Link>
              <small className="muted"> {ORDER_STATUS_TEXT[r.order_status as keyof typeof ORDER_STATUS_TEXT] ?? r.order_status}</small></td>
            <td data-label={t('卖家')}>{r.seller_company_name}</td>
            <td data-label={t('OE号')} className="nowrap">{r.supplier_oe}</td>
            <td data-label={t('名称')}>{r.name}{r.brand_name && <small className="muted"> {r.brand_name}</small>}</td>
            <td data-label={t('数量')} className="nowrap">{r.qty} {r.uom_name}</td>
            <td data-label={t('单价')} className="nowrap">{yuan(r.unit_price_fen)}</td>
            <td data-label={t('下单日期')} className="nowrap">{formatChina(r.created_at, 'YYYY-MM-DD')}</td>
            <td data-label={t('再次购买')}><BuyAgain line={r} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * 再次购买: the line's quantity (at most what the seller has) of the seller's current row into the
 * cart, through the cart's own write (queued offline like every cart write). A line the seller no
 * longer sells, or has none of, says so instead.
 */
function BuyAgain({ line }: { line: PurchaseLine }) {
  const t = useT();
  const user = useRouteContext({ from: '__root__', select: (c) => c.session.user });
  const write = useCartWrite();
  const [state, setState] = useState<'idle' | 'busy' | 'added' | 'queued'>('idle');
  const offer = line.offer;
  if (!offer || offer.quantity <= 0) return <span className="muted">{line.offer_note}</span>;
  if (offer.price_fen === null) return <span className="muted">{t('暂无报价')}</span>;
  if (!user || !hasAnyPermission(user.permissions, CART_CODES)) return <span className="muted">{t('现价')} {yuan(offer.price_fen)}</span>;
  const qty = Math.min(line.qty, offer.quantity);
  const add = async () => {
    setState('busy');
    try {
      setState((await write('cartAdd', { stock_id: offer.stock_id, qty })) === 'sent' ? 'added' : 'queued');
    } catch {
      setState('idle');
    }
  };
  return (
    <span className="buy-again">
      <Button type="button" size="small" outlined={state !== 'added'} severity={state === 'added' ? 'success' : undefined} loading={state === 'busy'}
        icon={state === 'added' ? 'pi pi-check' : 'pi pi-cart-plus'} label={state === 'added' ? t('已加入') : t('再次购买')}
        aria-label={`${state === 'added' ? t('已加入购物车') : t('再次购买')} ${line.supplier_oe} ${t('{{qty}}件', { qty })}`} onClick={() => void add()} />
      <small className="muted">{t('现价')} {yuan(offer.price_fen)} × {qty}{state === 'added' && <> · <Link to="/cart">{t('去购物车')}</Link></>}</small>
      {state === 'queued' && <small role="status" className="muted">{t('离线，联网后自动加入')}</small>}
    </span>
  );
}
