import type { ReactNode } from 'react';
import type { StockRow } from '../../../shared/contracts';
import { formatChina } from '../../../shared/domain/china-time';
import { useT } from '../../i18n/lang';
import './promo.css';

/**
 * 促销 on a result row: the seller's promotion plan that prices it for this buyer (docs/promotions.md),
 * its offer (9折, 每件减¥5.00: the seller's plan, shown as data) and, in the title, its name and end.
 * Plain markup in PrimeReact's tag classes, as the results' other tags.
 */
export function PromoTag({ row }: { row: Pick<StockRow, 'promo'> }) {
  const t = useT();
  if (!row.promo) return null;
  const title = t('促销：{{name}}，{{end}}结束', { name: row.promo.name, end: formatChina(row.promo.end_at, 'YYYY-MM-DD HH:mm') });
  return (
    <span className="p-tag p-component p-tag-danger promo-tag" title={title} data-testid="promo-tag">
      <span className="p-tag-value" data-user-text>{row.promo.offer}</span>
    </span>
  );
}

/**
 * A price and, when a promotion plan lowers it, the original struck through above the price
 * charged (search results, the cart). `show` draws fen as the page does (currency, language).
 */
export function PromoPrice({ fen, listFen, show }: { fen: number; listFen?: number | null; show: (fen: number) => ReactNode }) {
  const t = useT();
  if (listFen === undefined || listFen === null || listFen <= fen) return <>{show(fen)}</>;
  return (
    <span className="promo-price">
      <del className="promo-list-price" title={t('促销价')}>{show(listFen)}</del>
      <span className="promo-now" data-testid="promo-price">{show(fen)}</span>
    </span>
  );
}
