import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { msg } from '../../../shared/messages';
import { warrantyText } from '../../../shared/domain/warranty';
import { companyContactQuery } from '../im/queries';
import type { StockRow } from '../../../shared/contracts';
import { unitPrice } from '../../../shared/domain/cart';
import { chargedColumnLabel, type PriceColumn } from '../../../shared/domain/prices';
import { Price } from '../currency/Price';
import { AddToCartButton } from '../cart/AddToCartButton';
import { SpotTag } from '../search/SpotTag';
import { PreferredTag } from '../search/PreferredTag';
import { PromoPrice, PromoTag } from '../search/PromoTag';
import { SpotOrderButton } from '../orders/SpotOrderButton';
import { SPOT_CONFIRM_MINUTES } from '../../../shared/domain/spot';

/** 联系卖家 on a card: the conversation with the seller's contact user, full-screen. */
function ChatWithSeller({ row }: { row: StockRow }) {
  const { session } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  if (session.user?.company_id === row.company_id) return null;
  const start = async () => {
    try {
      const contact = await queryClient.fetchQuery(companyContactQuery(row.company_id));
      void navigate({ to: '/im/chat/$targetId', params: { targetId: contact.uuid } });
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <>
      <Button type="button" size="small" text icon="pi pi-comments" label={msg.chatWithSeller} aria-label={`${msg.chatWithSeller} ${row.company_name}`} onClick={() => void start()} />
      {problem && <small className="m-field-error" role="alert">{problem}</small>}
    </>
  );
}

/**
 * One stock row as a card (a phone has no room for the results table): part, brand, the price this
 * buyer pays before tax (the cart's own rule), the seller and where it ships from, the stock, and
 * 加入购物车 and 联系卖家.
 */
export function StockCard({ row, priceColumns, spotOrder }: { row: StockRow; priceColumns: readonly string[]; spotOrder?: boolean }) {
  // the wholesale columns come only to formal (paid) members: they are charged those
  const level = priceColumns.includes('price0') ? 'paid' : 'free';
  const price = unitPrice(row as Partial<Record<PriceColumn, number | null>>, level, false);
  const brand = row.is_original ? null : row.part_brand_name || row.custom_brand_name;
  return (
    <article className="m-card m-stock" data-testid="stock-card" data-stock-id={row.id} aria-label={`${row.supplier_oe} ${row.name} ${row.company_name}`}>
      <div className="m-stock-title">
        {row.supplier_oe} {row.name}{' '}
        {row.is_original && <Tag value="原厂件" severity="success" />}
        {row.sale_state === 'promotion' && <Tag value="促销" severity="warning" />}
        {row.clean_state === 'clearance' && <Tag value="清仓" severity="danger" />}
        <SpotTag row={row} />
        <PromoTag row={row} />
        {row.warranty_months ? <Tag value={warrantyText.mark(row.warranty_months)} severity="info" icon="pi pi-verified" /> : null}
      </div>
      <div className="m-stock-facts">
        {brand && <span>{brand}</span>}
        {row.quality_name && <span>{row.quality_name}</span>}
        {(row.make_name || row.supplier_vehicle) && <span>{[row.make_name, row.supplier_vehicle].filter(Boolean).join(' ')}</span>}
      </div>
      <div className="m-stock-facts">
        <span data-testid="stock-seller">卖家：{row.company_name} <PreferredTag row={row} /></span>
        <span>{[row.province, row.city].filter(Boolean).join(' ') || '—'}</span>
        <span data-testid="stock-qty">库存 {row.quantity} {row.uom_name}</span>
      </div>
      <div className="m-stock-foot">
        <span>
          {/* a promotion plan's price with the original struck through (docs/promotions.md) */}
          {price ? <span className="m-price"><PromoPrice fen={row.promo?.prices[price.column] ?? price.fen} listFen={row.promo?.prices[price.column] !== undefined ? price.fen : null} show={(fen) => <Price fen={fen} />} /></span> : <span className="m-muted">暂无报价</span>}
          {price && <small className="m-muted"> {chargedColumnLabel(price.column)}</small>}
        </span>
        <span className="m-row" style={{ flexWrap: 'nowrap' }}>
          <ChatWithSeller row={row} />
          <AddToCartButton row={row} labelled />
        </span>
      </div>
      {spotOrder && row.spot && row.quantity > 0 && (
        <div className="m-stock-foot">
          <span className="m-muted">下单后卖家{SPOT_CONFIRM_MINUTES}分钟内确认</span>
          <SpotOrderButton row={row} />
        </div>
      )}
    </article>
  );
}
