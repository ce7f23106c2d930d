import { useState } from 'react';
import { Button } from 'primereact/button';
import type { CircleOffer } from '../../../shared/contracts';
import { yuan } from '../../../shared/domain/money';
import { useCartWrite } from '../cart/mutations';
import './circle.css';

/**
 * 商圈价 beside 圈内搜索 results (docs/circles.md): the rows members allocated to the caller's
 * circles, bought at the circle price. The server sends these to approved members only and
 * prices the cart line itself.
 */
export function CircleOffers({ offers, rows }: { offers: CircleOffer[]; rows: ReadonlyArray<{ id: number; supplier_oe: string; name: string; company_name: string }> }) {
  const write = useCartWrite();
  const [added, setAdded] = useState<string>('');
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  return (
    <section className="circle-offers" aria-label="商圈价">
      <h3>商圈价 <small className="muted">（您所在商圈的成员分配的库存，按商圈价购买）</small></h3>
      <ul>
        {offers.map((o) => {
          const r = rowOf.get(o.stock_id);
          return (
            <li key={`${o.circle_id}-${o.stock_id}`} data-testid="circle-offer">
              <strong>{r ? `${r.supplier_oe} ${r.name}` : `库存 ${o.stock_id}`}</strong>
              <span className="muted">{r?.company_name} · {o.circle_name}</span>
              <span>商圈价 <span className="circle-price">{yuan(o.circle_price_fen)}</span></span>
              <span className="muted">可售 {o.available_qty}</span>
              <Button size="small" label="按商圈价加入购物车" icon="pi pi-shopping-cart"
                onClick={() => void write('cartAdd', { stock_id: o.stock_id, qty: 1, circle_id: o.circle_id }).then(() => setAdded(`已按商圈价加入购物车：${r?.supplier_oe ?? o.stock_id}`))} />
            </li>
          );
        })}
      </ul>
      {added && <p role="status" className="muted">{added}</p>}
    </section>
  );
}
