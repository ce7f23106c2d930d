import { useRouteContext, useNavigate, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { Tag } from 'primereact/tag';
import dayjs from 'dayjs';
import type { CartGroup, CartItem, PayloadIn } from '../../../shared/contracts';
import { PRODUCT_SOURCE_ON_SALE } from '../../../shared/domain/cart';
import { chargedColumnLabel } from '../../../shared/domain/prices';
import { OfflineError } from '../../api/request';
import { Price } from '../currency/Price';
import { PromoPrice } from '../search/PromoTag';
import { cartFetchedFrom, cartListQuery } from '../cart/queries';
import { useCartWrite, type CartWrite } from '../cart/mutations';
import { QtyStepper } from '../cart/QtyStepper';
import { MobilePage } from './MobilePage';
import { overlayPending } from './pending-cart';
import { usePendingCart } from './usePendingCart';
import { useLang, useT } from '../../i18n/lang';
import { formatDate } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withNodes } from '../../i18n/with-data';
import '../cart/cart.css';
import { FullReductionLine, reductionTotal } from '../cart/FullReductionLine';

type Run = <N extends CartWrite>(name: N, payload: PayloadIn<N>) => void;
const live = (i: CartItem) => i.productSource === PRODUCT_SOURCE_ON_SALE;

function Line({ item: i, run, pending }: { item: CartItem; run: Run; pending: boolean }) {
  const t = useT();
  const ok = live(i);
  const label = `${i.supplierOe} ${i.name}`;
  return (
    <div className={`m-line${ok ? '' : ' unavailable'}`} data-testid="cart-line" data-item-id={i.id} data-stock-id={i.stockId ?? undefined}>
      <Checkbox checked={ok && i.checked} disabled={!ok} onChange={(e) => run('cartCheck', { ids: [i.id], checked: !!e.checked })} aria-label={t('选择 {{label}}', { label })} />
      <div className="m-line-body">
        <div className="m-line-name"><span data-user-text>{i.supplierOe} {i.name}</span>{i.isOriginal && <> <Tag value={t('原厂件')} severity="success" /></>}</div>
        <div className="m-stock-facts">
          {!i.isOriginal && i.brandName && <span data-user-text>{i.brandName}</span>}
          <span>{t('库存')} {i.stockQty} <span data-user-text>{i.uomName}</span></span>
          {i.price !== null && <span><PromoPrice fen={i.price} listFen={i.promo?.listPrice} show={(fen) => <Price fen={fen} />} /> {t(chargedColumnLabel(i.priceColumn))}</span>}
          {i.promo && <span data-testid="line-promo" data-user-text>{i.promo.offer} {i.promo.name}</span>}
          {!ok && <Tag severity="danger" value={t(i.unavailableReason)} />}
        </div>
        <div className="m-spread">
          <QtyStepper value={i.qty} max={i.stockQty} disabled={!ok} label={label} onCommit={(qty) => run('cartUpdateQty', { id: i.id, qty })} />
          <span className="m-price" data-testid="line-amount"><Price fen={i.amount} /></span>
        </div>
        <div className="m-spread">
          {i.quoteId === null ? (
            <label className="m-row" style={{ fontSize: 13 }}>
              <InputSwitch checked={i.isIncludeTaxProduct} disabled={!ok} onChange={(e) => run('cartUpdateTax', { id: i.id, is_include_tax: !!e.value })} aria-label={t('含税 {{label}}', { label })} />
              {t('含税')}
            </label>
          ) : <span className="m-muted">{t('按报价')}</span>}
          {pending && <span className="m-pending" data-testid="line-pending">{t('待同步')}</span>}
          <Button type="button" text size="small" severity="danger" label={t('删除')} onClick={() => run('cartRemove', { ids: [i.id] })} aria-label={t('删除 {{label}}', { label })} />
        </div>
      </div>
    </div>
  );
}

function Group({ group: g, run, pendingIds }: { group: CartGroup; run: Run; pendingIds: ReadonlySet<number> }) {
  const t = useT();
  const ids = g.items.filter(live).map((i) => i.id);
  return (
    <section className="m-card" aria-label={t('卖家 {{companyName}}', { companyName: g.companyName })} data-testid="cart-group">
      <div className="m-row">
        <Checkbox checked={g.checked} disabled={ids.length === 0} onChange={(e) => run('cartCheck', { ids, checked: !!e.checked })} aria-label={t('选择 {{companyName}} 的全部配件', { companyName: g.companyName })} />
        <strong style={{ flex: 1, minWidth: 0 }} data-user-text>{g.companyName}</strong>
        <span className="m-muted">{t('发货地：')}<span data-user-text>{g.deliveryArea || '—'}</span></span>
      </div>
      <FullReductionLine group={g} />
      {g.items.map((i) => <Line key={i.id} item={i} run={run} pending={pendingIds.has(i.id)} />)}
    </section>
  );
}

/**
 * 购物车 (/ofo/cart): the lines grouped by seller with their tick, quantity stepper and 含税 switch,
 * the same outbox-queued writes as the desktop cart (an edit made offline shows at once as 待同步
 * and is sent once, in order, when the network returns), the checked total and 去结算.
 */
export function MobileCartPage() {
  const t = useT();
  const lang = useLang();
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user!;
  const navigate = useNavigate();
  const q = useQuery(cartListQuery());
  const write = useCartWrite();
  // read at each render: the list's arrival (dataUpdatedAt) renders the page again
  const { writes, waiting } = usePendingCart(user.uuid, cartFetchedFrom());
  const run: Run = (name, payload) => {
    // a refusal has been shown by the request helper; the cart is fetched again either way
    write(name, payload).catch(() => undefined);
  };
  let body;
  if (q.isPending) body = <div className="m-card" aria-busy="true">{t('正在加载购物车…')}</div>;
  else if (q.isError && !q.data) body = <p className="m-alert" role="alert">{q.error instanceof OfflineError ? t('当前离线，联网后可查看购物车') : <Refusal text={q.error.message} />}</p>;
  else {
    const { cart, pendingIds, pendingAdds } = overlayPending(q.data, writes);
    const all = cart.groups.flatMap((g) => g.items).filter(live);
    const allChecked = all.length > 0 && all.every((i) => i.checked);
    const stale = (q.isError && q.error instanceof OfflineError) || !navigator.onLine;
    body = (
      <>
        {stale && <p className="m-note" role="status" data-testid="cart-offline">{t('离线：显示 {{at}} 获取的购物车', { at: lang === 'zh' ? dayjs(q.dataUpdatedAt).format('YYYY-MM-DD HH:mm:ss') : formatDate(lang, new Date(q.dataUpdatedAt), true) })}</p>}
        {waiting > 0 && <p className="m-note" role="status" data-testid="cart-waiting">{pendingAdds > 0 ? t('{{waiting}} 项修改待同步，联网后按顺序自动提交（含 {{adds}} 次加入购物车）', { waiting, adds: pendingAdds }) : t('{{waiting}} 项修改待同步，联网后按顺序自动提交', { waiting })}</p>}
        {cart.groups.length === 0 ? (
          <div className="m-card m-empty"><i className="pi pi-shopping-cart" />{t('购物车是空的')}<br /><Link to="/ofo/search" className="m-link">{t('去搜索配件')}</Link></div>
        ) : cart.groups.map((g) => <Group key={g.companyId} group={g} run={run} pendingIds={pendingIds} />)}
        {cart.groups.length > 0 && (
          <div className="m-checkout-bar" aria-label={t('合计')}>
            <label className="m-row" style={{ flexWrap: 'nowrap' }}>
              <Checkbox checked={allChecked} disabled={all.length === 0} onChange={(e) => run('cartCheck', { ids: all.map((i) => i.id), checked: !!e.checked })} aria-label={t('全选')} /> {t('全选')}
            </label>
            <span className="m-total">
              {t('合计')} <span className="m-price" data-testid="checked-amount"><Price fen={cart.checkedAmount - reductionTotal(cart.groups)} /></span>
              <br /><small className="m-muted">{withNodes(t('已选 {{kinds}} 种 {{pieces}} 件', { kinds: dataSlot(0), pieces: dataSlot(1) }), [<b key="kinds" data-testid="checked-count">{cart.checkedCount}</b>, cart.checkedQty])}</small>
            </span>
            <Button type="button" label={t('去结算')} disabled={cart.checkedCount === 0 || waiting > 0} title={waiting > 0 ? t('有修改待同步，同步后再结算') : undefined}
              onClick={() => void navigate({ to: '/ofo/createOrder' })} />
          </div>
        )}
      </>
    );
  }
  return <MobilePage title={t('购物车')}>{body}</MobilePage>;
}
