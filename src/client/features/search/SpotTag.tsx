import type { StockRow } from '../../../shared/contracts';
import { SPOT_SHIP_TEXT, spotShip } from '../../../shared/domain/spot';
import { useT } from '../../i18n/lang';

/**
 * 现货 on a result row (docs/spot-goods.md): marked by its seller and in stock; 今日发 before the
 * seller's cut-off (China time), 明日发 after it, read from this device's clock when drawn.
 */
export function SpotTag({ row }: { row: Pick<StockRow, 'spot' | 'spot_cutoff' | 'quantity'> }) {
  const t = useT();
  if (!row.spot || row.quantity <= 0) return null;
  const ship = spotShip(row.spot_cutoff, Math.floor(Date.now() / 1000));
  const title = row.spot_cutoff ? t('现货：{{spot_cutoff}}（中国时间）前下单今日发，之后明日发', { spot_cutoff: row.spot_cutoff }) : t('现货：今日下单今日发');
  // plain markup in PrimeReact's tag classes, as the results table's other tags (no component to load)
  return (
    <span className={`p-tag p-component spot-tag p-tag-${ship === 'today' ? 'success' : 'info'}`} title={title} data-testid="spot-tag">
      <span className="p-tag-value">{t('现货·')}{t(SPOT_SHIP_TEXT[ship])}</span>
    </span>
  );
}
