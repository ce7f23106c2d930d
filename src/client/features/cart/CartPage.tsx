import { useState } from 'react';
import dayjs from 'dayjs';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import type { CartGroup, CartItem, PayloadIn } from '../../../shared/contracts';
import { PRODUCT_SOURCE_ON_SALE } from '../../../shared/domain/cart';
import { chargedColumnLabel } from '../../../shared/domain/prices';
import { OfflineError } from '../../api/request';
import { Price } from '../currency/Price';
import { PromoPrice } from '../search/PromoTag';
import { cartListQuery, typeOfKind, type CartKind } from './queries';
import { useCartWrite, type CartWrite } from './mutations';
import { QtyStepper } from './QtyStepper';
import { FullReductionLine, reductionTotal } from './FullReductionLine';
import { useLang, useT } from '../../i18n/lang';
import { formatDate } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withNodes } from '../../i18n/with-data';
import './cart.css';

const live = (i: CartItem) => i.productSource === PRODUCT_SOURCE_ON_SALE;

/**
 * 购物车 (/cart): the user's lines grouped by seller, each group with its tick, lines with tick,
 * quantity stepper, tax flag, unit price and amount as the server computed them, and 删除; the
 * checked total at the bottom. Every change is sent and the cart fetched again. 去结算 opens the
 * order confirmation (/cart/order/create) with the checked lines.
 *
 * Two tabs, one per type code: 配件 (stock rows) and 询价报价 (临时产品: quotes accepted on the
 * buyer's enquiries, at the quoted price and within the quoted quantity; ordered the same way).
 */
export function CartPage({ kind = 'stock' }: { kind?: CartKind }) {
  const t = useT();
  const lang = useLang();
  const q = useQuery(cartListQuery(typeOfKind(kind)));
  const other = useQuery(cartListQuery(typeOfKind(kind === 'quote' ? 'stock' : 'quote')));
  const write = useCartWrite();
  const navigate = useNavigate();
  const [queued, setQueued] = useState(false);
  const run: Run = async (name, payload) => {
    try {
      if ((await write(name, payload)) === 'queued') setQueued(true);
    } catch {
      // the request helper has shown the server's message; the cart is fetched again
    }
  };
  if (q.isPending) return <div className="card" aria-busy="true">{t('正在加载购物车…')}</div>;
  if (q.isError && !q.data) return <div className="card" role="alert">{q.error instanceof OfflineError ? t('当前离线，联网后可查看购物车') : <Refusal text={q.error.message} />}</div>;
  const cart = q.data;
  // offline, the cart shown is the copy last fetched (persisted): say from when
  const stale = (q.isError && q.error instanceof OfflineError) || !navigator.onLine;
  const all = cart.groups.flatMap((g) => g.items).filter(live);
  const allChecked = all.length > 0 && all.every((i) => i.checked);
  const chosen = all.filter((i) => i.checked).map((i) => i.id);
  const dead = cart.groups.flatMap((g) => g.items).filter((i) => !live(i)).map((i) => i.id);
  const setChecked = (items: CartItem[], checked: boolean) => {
    const ids = items.filter(live).map((i) => i.id);
    if (ids.length) void run('cartCheck', { ids, checked });
  };

  const counts = { [kind]: cart.count, [kind === 'quote' ? 'stock' : 'quote']: other.data?.count ?? 0 } as Record<CartKind, number>;
  const tabs = (
    <nav className="cart-tabs" aria-label={t('购物车类型')}>
      {(['stock', 'quote'] as const).map((k) => (
        <Link key={k} to="/cart" search={{ kind: k }} className={k === kind ? 'active' : ''} aria-current={k === kind ? 'page' : undefined}>
          {k === 'stock' ? t('配件') : t('询价报价')}{counts[k] > 0 && <b>{counts[k]}</b>}
        </Link>
      ))}
    </nav>
  );

  if (cart.groups.length === 0) {
    return (
      <div className="cart-page">
        {tabs}
        <section className="card cart-empty" aria-label={t('购物车')}>
          <i className="pi pi-shopping-cart" />
          {kind === 'quote' ? (
            <>
              <p>{t('还没有采纳的报价')}</p>
              <Link to="/enquiry/list">{t('去我的询价比价、采纳报价')}</Link>
            </>
          ) : (
            <>
              <p>{t('购物车是空的')}</p>
              <Link to="/search">{t('去搜索配件')}</Link>
            </>
          )}
        </section>
      </div>
    );
  }

  return (
    <div className="cart-page">
      {tabs}
      <section className="card cart-head" aria-label={t('购物车')}>
        <h2>{kind === 'quote' ? t('购物车 · 询价报价') : t('购物车')}</h2>
        <span className="muted">{t('共 {{n}} 种配件', { n: cart.count })}</span>
        <label style={{ marginLeft: 'auto', display: 'inline-flex', alignItems: 'center', gap: '0.4rem' }}>
          <Checkbox inputId="cart-all" checked={allChecked} onChange={(e) => setChecked(all, !!e.checked)} disabled={all.length === 0} /> {t('全选')}
        </label>
      </section>
      {stale && <div className="card muted" role="status" data-testid="cart-offline">{t('离线：显示 {{at}} 获取的购物车', { at: lang === 'zh' ? dayjs(q.dataUpdatedAt).format('YYYY-MM-DD HH:mm:ss') : formatDate(lang, new Date(q.dataUpdatedAt), true) })}</div>}
      {queued && <div className="card muted" role="status">{t('离线时的修改已排队，联网后自动提交')}</div>}
      {cart.groups.map((g) => <SellerGroup key={g.companyId} group={g} run={run} setChecked={setChecked} />)}
      <section className="card cart-summary" aria-label={t('合计')}>
        <span>{withNodes(t('已选 {{kinds}} 种 {{pieces}} 件', { kinds: dataSlot(0), pieces: dataSlot(1) }), [<b key="kinds" data-testid="checked-count">{cart.checkedCount}</b>, <b key="pieces">{cart.checkedQty}</b>])}</span>
        {reductionTotal(cart.groups) > 0 && <span>{t('满减')} <span className="full-reduction-off" data-testid="cart-reduction">−<Price fen={reductionTotal(cart.groups)} /></span></span>}
        <span>{t('合计：')}<span data-testid="checked-amount"><Price fen={cart.checkedAmount - reductionTotal(cart.groups)} /></span></span>
        {chosen.length > 0 && <Button type="button" text severity="danger" label={t('删除选中')} onClick={() => void run('cartRemove', { ids: chosen })} />}
        {dead.length > 0 && <Button type="button" text label={t('清除失效配件')} onClick={() => void run('cartRemove', { ids: dead })} />}
        <Button type="button" label={t('去结算')} icon="pi pi-arrow-right" iconPos="right" disabled={chosen.length === 0} onClick={() => void navigate({ to: '/cart/order/create', search: { kind } })} />
      </section>
    </div>
  );
}

type Run = <N extends CartWrite>(name: N, payload: PayloadIn<N>) => Promise<void>;

function SellerGroup({ group, run, setChecked }: { group: CartGroup; run: Run; setChecked: (items: CartItem[], checked: boolean) => void }) {
  const t = useT();
  const any = group.items.some(live);
  return (
    <section className="card" aria-label={t('卖家 {{companyName}}', { companyName: group.companyName })} data-testid="cart-group">
      <div className="cart-group-head">
        <Checkbox inputId={`cart-group-${group.companyId}`} checked={group.checked} disabled={!any} onChange={(e) => setChecked(group.items, !!e.checked)} aria-label={t('选择 {{companyName}} 的全部配件', { companyName: group.companyName })} />
        <Link to="/company/$id" params={{ id: String(group.companyId) }}><strong data-user-text>{group.companyName}</strong></Link>
        <span className="muted">{t('发货地：')}<span data-user-text>{group.deliveryArea || '—'}</span></span>
      </div>
      <FullReductionLine group={group} />
      <div className="table-scroll">
        <table className="cart-lines">
        <thead>
          <tr><th className="c-check" /><th>{t('配件')}</th><th className="c-brand">{t('品牌 / 品质')}</th><th className="num c-price">{t('单价')}</th><th className="c-qty">{t('数量')}</th><th className="c-tax">{t('含税')}</th><th className="num c-amount">{t('金额')}</th><th className="c-remove" /></tr>
        </thead>
        <tbody>
          {group.items.map((i) => <Line key={i.id} item={i} run={run} />)}
        </tbody>
        </table>
      </div>
    </section>
  );
}

function Line({ item: i, run }: { item: CartItem; run: Run }) {
  const t = useT();
  const lang = useLang();
  const ok = live(i);
  const label = `${i.supplierOe} ${i.name}`;
  // a PRICE_LABELS text, 询价报价 or 商圈价
  const charged = i.priceColumn ? chargedColumnLabel(i.priceColumn) : '';
  return (
    <tr className={ok ? '' : 'unavailable'} data-testid="cart-line" data-stock-id={i.stockId ?? undefined} data-quote-id={i.quoteId ?? undefined}>
      <td><Checkbox checked={ok && i.checked} disabled={!ok} onChange={(e) => void run('cartCheck', { ids: [i.id], checked: !!e.checked })} aria-label={t('选择 {{label}}', { label })} /></td>
      <td className="cart-part"><span data-user-text>{i.supplierOe} {i.name}</span>
        {i.quoteId !== null ? (
          <small>
            <Link to="/enquiry/list/$id" params={{ id: String(i.enquiryId) }}>{t('询价单')} {i.enquiryNo}</Link> {t('· 可供')} {i.stockQty} · {i.deliveryDays ? t('货期 {{deliveryDays}} 天', { deliveryDays: i.deliveryDays }) : t('现货')} {t('· 报价有效至')} {lang === 'zh' ? dayjs.unix(i.validUntil).format('MM-DD HH:mm') : formatDate(lang, i.validUntil, true)}
            {!ok && <> · <Tag severity="danger" value={t(i.unavailableReason)} /></>}
          </small>
        ) : (
          <small>{t('库存')} {i.stockQty} <span data-user-text>{i.uomName}</span>{!ok && <> · <Tag severity="danger" value={t(i.unavailableReason)} /></>}</small>
        )}
      </td>
      {/* the brand a buyer checks: the catalogue brand or the seller's own text, with the quality under it */}
      {/* 原厂件 is the catalogue's own mark (as on the results); another quality is the seller's data */}
      <td data-testid="line-brand"><span data-user-text>{i.brandName || '—'}</span><small className="muted" style={{ display: 'block' }}>{i.isOriginal ? <Tag value={t('原厂件')} severity="success" /> : <span data-user-text>{i.qualityName}</span>}</small></td>
      {/* a promotion plan's price with the original struck through, and the plan (docs/promotions.md) */}
      <td className="num">{i.price === null ? '—' : <PromoPrice fen={i.price} listFen={i.promo?.listPrice} show={(fen) => <Price fen={fen} />} />}{charged && <small className="muted" style={{ display: 'block' }}>{t(charged)}</small>}
        {i.promo && <small className="promo-line" style={{ display: 'block' }} data-testid="line-promo"><span className="p-tag p-component p-tag-danger promo-tag"><span className="p-tag-value" data-user-text>{i.promo.offer}</span></span> <span data-user-text>{i.promo.name}</span></small>}</td>
      <td><QtyStepper value={i.qty} max={i.stockQty} disabled={!ok} label={label} onCommit={(qty) => void run('cartUpdateQty', { id: i.id, qty })} /></td>
      <td>
        {i.quoteId !== null ? <span className="muted" title={t('按卖家报价')}>{t('按报价')}</span> : (
          <label style={{ display: 'inline-flex', alignItems: 'center', gap: '0.3rem' }}>
            <Checkbox checked={i.isIncludeTaxProduct} onChange={(e) => void run('cartUpdateTax', { id: i.id, is_include_tax: !!e.checked })} aria-label={t('含税 {{label}}', { label })} /> {t('含税')}
          </label>
        )}
      </td>
      <td className="num" data-testid="line-amount"><Price fen={i.amount} /></td>
      <td><Button type="button" text size="small" severity="danger" label={t('删除')} onClick={() => void run('cartRemove', { ids: [i.id] })} aria-label={t('删除 {{label}}', { label })} /></td>
    </tr>
  );
}
