/**
 * 保养套餐 on a seller's shop page (/company/{id} and /company/m/{id}, docs/maintenance.md): the
 * seller's packages that are on, each line at the price the cart charges the caller, the lines it
 * cannot buy marked, and 整套加入购物车 adding every line it can buy with its quantity through the
 * cart's write (the outbox path), saying which lines were left out and why.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import type { BuyerPackage } from '../../../shared/contracts';
import { CART_CODES } from '../../../shared/contracts/codes';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { intervalText, maintenanceText } from '../../../shared/domain/maintenance';
import { PRICE_LABELS, type PriceColumn } from '../../../shared/domain/prices';
import { errorText } from '../../ui/form/form';
import { Price } from '../currency/Price';
import { useCartWrite } from '../cart/mutations';
import { shopPackagesQuery } from './queries';
import './maintenance.css';

type Outcome = { kind: 'ok' | 'error'; text: string };

function PackageCard({ pkg, canBuy, whyNot }: { pkg: BuyerPackage; canBuy: boolean; whyNot: string }) {
  const write = useCartWrite();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const addAll = async () => {
    setBusy(true);
    setOutcome(null);
    const added: string[] = [];
    const left = pkg.lines.filter((l) => l.unavailable).map((l) => `${l.name}（${l.unavailable}）`);
    let queued = false;
    for (const l of pkg.lines.filter((x) => !x.unavailable)) {
      try {
        if ((await write('cartAdd', { stock_id: l.stock_id, qty: l.qty, type_code: '配件产品' })) === 'queued') queued = true;
        added.push(l.name);
      } catch (e) {
        left.push(`${l.name}（${errorText(e)}）`);
      }
    }
    setBusy(false);
    const head = added.length === 0 ? '没有加入任何配件' : queued
      ? `网络不可用，${added.length} 种配件已保存在本机，联网后自动加入购物车`
      : `已加入购物车 ${added.length} 种配件`;
    setOutcome({ kind: added.length === 0 ? 'error' : 'ok', text: left.length > 0 ? `${head}；未加入：${left.join('、')}` : head });
  };
  return (
    <article className="mt-card" aria-label={`保养套餐 ${pkg.name}`}>
      <header className="mt-card-head">
        <h3>{pkg.name}</h3>
        <span className="mt-card-tags">
          <span className="mt-tag">{pkg.make_name || '全部车型'}</span>
          <span className="mt-tag">{intervalText(pkg.interval_km, pkg.interval_months)}</span>
        </span>
      </header>
      {(pkg.vehicle || pkg.note) && <p className="mt-card-sub muted">{pkg.vehicle && <>适用车型：{pkg.vehicle}</>}{pkg.vehicle && pkg.note && ' · '}{pkg.note}</p>}
      <ul className="mt-card-lines">
        {pkg.lines.map((l) => (
          <li key={l.stock_id} className={l.unavailable ? 'mt-off' : ''}>
            <span className="mt-card-part">
              <strong>{l.name}</strong>
              <small className="muted">{l.supplier_oe} · {l.is_original ? '原厂件' : l.brand_name || l.quality_name}</small>
            </span>
            <span className="mt-card-qty">×{l.qty}{l.uom_name ? ` ${l.uom_name}` : ''}</span>
            <span className="mt-card-price">
              {l.price === null ? <span className="muted">—</span> : <><Price fen={l.price} />{l.price_column && <small className="muted"> {PRICE_LABELS[l.price_column as PriceColumn] ?? ''}</small>}</>}
            </span>
            <span className="mt-card-amount">{l.unavailable ? <span className="mt-unavailable">{l.unavailable}</span> : <Price fen={l.amount} />}</span>
          </li>
        ))}
      </ul>
      <footer className="mt-card-foot">
        <span>合计 <strong className="shop-price"><Price fen={pkg.total_fen} /></strong>
          {pkg.available_count < pkg.lines.length && <small className="muted">（不含 {pkg.lines.length - pkg.available_count} 种不能购买的配件）</small>}</span>
        {canBuy
          ? <Button type="button" label="整套加入购物车" icon="pi pi-cart-plus" loading={busy} disabled={pkg.available_count === 0} onClick={() => void addAll()} />
          : <small className="muted">{whyNot}</small>}
      </footer>
      {outcome && <p className={`mt-outcome ${outcome.kind}`} role={outcome.kind === 'ok' ? 'status' : 'alert'}>
        {outcome.text}{outcome.kind === 'ok' && <> · <Link to="/cart">去购物车</Link></>}
      </p>}
    </article>
  );
}

export function ShopPackages({ companyId, own }: { companyId: number; own: boolean }) {
  const user = useRouteContext({ from: '__root__', select: (c) => c.session.user });
  const [makeId, setMakeId] = useState<number | null>(null);
  const q = useQuery({ ...shopPackagesQuery(companyId, makeId), enabled: !!user, placeholderData: keepPreviousData });
  if (!user) {
    return <p className="muted shop-empty">登录后查看保养套餐及您的价格 · <a href={`/login?redirect=${encodeURIComponent(`/company/${companyId}?tab=maintenance`)}`}>登录</a></p>;
  }
  if (q.isPending) return <p aria-busy="true">正在加载…</p>;
  if (q.isError && !q.data) return <p role="alert">{q.error.message}</p>;
  const { data, makes } = q.data!;
  const canBuy = !own && hasAnyPermission(user.permissions, CART_CODES);
  const whyNot = own ? '本企业的套餐，买家在这里整套加入购物车' : '您的账号没有采购权限';
  return (
    <div className="mt-shop">
      {makes.length > 0 && (
        <div className="mt-shop-filter">
          <label htmlFor="mt-make">车型品牌</label>
          <Dropdown inputId="mt-make" value={makeId} onChange={(e) => setMakeId(e.value as number | null)}
            options={[{ label: '全部车型', value: null }, ...makes.map((m) => ({ label: m.name, value: m.id }))]} />
        </div>
      )}
      {data.length === 0
        ? <p className="muted shop-empty">{makeId === null ? maintenanceText.noneForBuyer : '该车型品牌还没有保养套餐，换个车型品牌看看。'}{own && <> · <Link to="/backend/product/maintenance">设置保养套餐</Link></>}</p>
        : <div className="mt-cards">{data.map((p) => <PackageCard key={p.id} pkg={p} canBuy={canBuy} whyNot={whyNot} />)}</div>}
    </div>
  );
}
