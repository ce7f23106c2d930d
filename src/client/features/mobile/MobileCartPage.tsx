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
import '../cart/cart.css';

type Run = <N extends CartWrite>(name: N, payload: PayloadIn<N>) => void;
const live = (i: CartItem) => i.productSource === PRODUCT_SOURCE_ON_SALE;

function Line({ item: i, run, pending }: { item: CartItem; run: Run; pending: boolean }) {
  const ok = live(i);
  const label = `${i.supplierOe} ${i.name}`;
  return (
    <div className={`m-line${ok ? '' : ' unavailable'}`} data-testid="cart-line" data-item-id={i.id} data-stock-id={i.stockId ?? undefined}>
      <Checkbox checked={ok && i.checked} disabled={!ok} onChange={(e) => run('cartCheck', { ids: [i.id], checked: !!e.checked })} aria-label={`选择 ${label}`} />
      <div className="m-line-body">
        <div className="m-line-name">{i.supplierOe} {i.name}{i.isOriginal && <> <Tag value="原厂件" severity="success" /></>}</div>
        <div className="m-stock-facts">
          {!i.isOriginal && i.brandName && <span>{i.brandName}</span>}
          <span>库存 {i.stockQty} {i.uomName}</span>
          {i.price !== null && <span><PromoPrice fen={i.price} listFen={i.promo?.listPrice} show={(fen) => <Price fen={fen} />} /> {chargedColumnLabel(i.priceColumn)}</span>}
          {i.promo && <span data-testid="line-promo">{i.promo.offer} {i.promo.name}</span>}
          {!ok && <Tag severity="danger" value={i.unavailableReason} />}
        </div>
        <div className="m-spread">
          <QtyStepper value={i.qty} max={i.stockQty} disabled={!ok} label={label} onCommit={(qty) => run('cartUpdateQty', { id: i.id, qty })} />
          <span className="m-price" data-testid="line-amount"><Price fen={i.amount} /></span>
        </div>
        <div className="m-spread">
          {i.quoteId === null ? (
            <label className="m-row" style={{ fontSize: 13 }}>
              <InputSwitch checked={i.isIncludeTaxProduct} disabled={!ok} onChange={(e) => run('cartUpdateTax', { id: i.id, is_include_tax: !!e.value })} aria-label={`含税 ${label}`} />
              含税
            </label>
          ) : <span className="m-muted">按报价</span>}
          {pending && <span className="m-pending" data-testid="line-pending">待同步</span>}
          <Button type="button" text size="small" severity="danger" label="删除" onClick={() => run('cartRemove', { ids: [i.id] })} aria-label={`删除 ${label}`} />
        </div>
      </div>
    </div>
  );
}

function Group({ group: g, run, pendingIds }: { group: CartGroup; run: Run; pendingIds: ReadonlySet<number> }) {
  const ids = g.items.filter(live).map((i) => i.id);
  return (
    <section className="m-card" aria-label={`卖家 ${g.companyName}`} data-testid="cart-group">
      <div className="m-row">
        <Checkbox checked={g.checked} disabled={ids.length === 0} onChange={(e) => run('cartCheck', { ids, checked: !!e.checked })} aria-label={`选择 ${g.companyName} 的全部配件`} />
        <strong style={{ flex: 1, minWidth: 0 }}>{g.companyName}</strong>
        <span className="m-muted">发货地：{g.deliveryArea || '—'}</span>
      </div>
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
  if (q.isPending) body = <div className="m-card" aria-busy="true">正在加载购物车…</div>;
  else if (q.isError && !q.data) body = <p className="m-alert" role="alert">{q.error instanceof OfflineError ? '当前离线，联网后可查看购物车' : q.error.message}</p>;
  else {
    const { cart, pendingIds, pendingAdds } = overlayPending(q.data, writes);
    const all = cart.groups.flatMap((g) => g.items).filter(live);
    const allChecked = all.length > 0 && all.every((i) => i.checked);
    const stale = (q.isError && q.error instanceof OfflineError) || !navigator.onLine;
    body = (
      <>
        {stale && <p className="m-note" role="status" data-testid="cart-offline">离线：显示 {dayjs(q.dataUpdatedAt).format('YYYY-MM-DD HH:mm:ss')} 获取的购物车</p>}
        {waiting > 0 && <p className="m-note" role="status" data-testid="cart-waiting">{waiting} 项修改待同步，联网后按顺序自动提交{pendingAdds > 0 ? `（含 ${pendingAdds} 次加入购物车）` : ''}</p>}
        {cart.groups.length === 0 ? (
          <div className="m-card m-empty"><i className="pi pi-shopping-cart" />购物车是空的<br /><Link to="/ofo/search" className="m-link">去搜索配件</Link></div>
        ) : cart.groups.map((g) => <Group key={g.companyId} group={g} run={run} pendingIds={pendingIds} />)}
        {cart.groups.length > 0 && (
          <div className="m-checkout-bar" aria-label="合计">
            <label className="m-row" style={{ flexWrap: 'nowrap' }}>
              <Checkbox checked={allChecked} disabled={all.length === 0} onChange={(e) => run('cartCheck', { ids: all.map((i) => i.id), checked: !!e.checked })} aria-label="全选" /> 全选
            </label>
            <span className="m-total">
              合计 <span className="m-price" data-testid="checked-amount"><Price fen={cart.checkedAmount} /></span>
              <br /><small className="m-muted">已选 <b data-testid="checked-count">{cart.checkedCount}</b> 种 {cart.checkedQty} 件</small>
            </span>
            <Button type="button" label="去结算" disabled={cart.checkedCount === 0 || waiting > 0} title={waiting > 0 ? '有修改待同步，同步后再结算' : undefined}
              onClick={() => void navigate({ to: '/ofo/createOrder' })} />
          </div>
        )}
      </>
    );
  }
  return <MobilePage title="购物车">{body}</MobilePage>;
}
