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
import { useLang, useT } from '../../i18n/lang';
import { formatNumber } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';

/** 联系卖家 on a card: the conversation with the seller's contact user, full-screen. */
function ChatWithSeller({ row }: { row: StockRow }) {
  const t = useT();
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
      <Button type="button" size="small" text icon="pi pi-comments" label={t(msg.chatWithSeller)} aria-label={`${t(msg.chatWithSeller)} ${row.company_name}`} onClick={() => void start()} />
      {problem && <small className="m-field-error" role="alert"><Refusal text={problem} /></small>}
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
  const t = useT();
  const lang = useLang();
  const level = priceColumns.includes('price0') ? 'paid' : 'free';
  const price = unitPrice(row as Partial<Record<PriceColumn, number | null>>, level, false);
  const brand = row.is_original ? null : row.part_brand_name || row.custom_brand_name;
  return (
    <article className="m-card m-stock" data-testid="stock-card" data-stock-id={row.id} aria-label={`${row.supplier_oe} ${row.name} ${row.company_name}`}>
      <div className="m-stock-title">
        <span data-user-text>{row.supplier_oe} {row.name}</span>{' '}
        {row.is_original && <Tag value={t('原厂件')} severity="success" />}
        {row.sale_state === 'promotion' && <Tag value={t('促销')} severity="warning" />}
        {row.clean_state === 'clearance' && <Tag value={t('清仓')} severity="danger" />}
        <SpotTag row={row} />
        <PromoTag row={row} />
        {row.warranty_months ? <Tag value={lang === 'vi' ? t('质保{{n}}个月', { n: row.warranty_months }) : warrantyText.mark(row.warranty_months)} severity="info" icon="pi pi-verified" /> : null}
      </div>
      <div className="m-stock-facts">
        {brand && <span data-user-text>{brand}</span>}
        {row.quality_name && <span data-user-text>{row.quality_name}</span>}
        {(row.make_name || row.supplier_vehicle) && <span data-user-text>{[row.make_name, row.supplier_vehicle].filter(Boolean).join(' ')}</span>}
      </div>
      <div className="m-stock-facts">
        <span data-testid="stock-seller">{t('卖家：')}<span data-user-text>{row.company_name}</span> <PreferredTag row={row} /></span>
        <span data-user-text>{[row.province, row.city].filter(Boolean).join(' ') || '—'}</span>
        <span data-testid="stock-qty">{t('库存 {{n}}', { n: formatNumber(lang, row.quantity) })} <span data-user-text>{row.uom_name}</span></span>
      </div>
      <div className="m-stock-foot">
        <span>
          {/* a promotion plan's price with the original struck through (docs/promotions.md) */}
          {price ? <span className="m-price"><PromoPrice fen={row.promo?.prices[price.column] ?? price.fen} listFen={row.promo?.prices[price.column] !== undefined ? price.fen : null} show={(fen) => <Price fen={fen} />} /></span> : <span className="m-muted">{t('暂无报价')}</span>}
          {price && <small className="m-muted"> {t(chargedColumnLabel(price.column))}</small>}
        </span>
        <span className="m-row" style={{ flexWrap: 'nowrap' }}>
          <ChatWithSeller row={row} />
          <AddToCartButton row={row} labelled />
        </span>
      </div>
      {spotOrder && row.spot && row.quantity > 0 && (
        <div className="m-stock-foot">
          <span className="m-muted">{t('下单后卖家{{n}}分钟内确认', { n: SPOT_CONFIRM_MINUTES })}</span>
          <SpotOrderButton row={row} />
        </div>
      )}
    </article>
  );
}
