import type { StockRow } from '../../../shared/contracts';
import { useT } from '../../i18n/lang';

/**
 * 优选 on a result row: its seller is one of the caller's preferred suppliers (设为优选供应商,
 * docs/customers.md "Suppliers and preferred suppliers"), whose offers OE search lists first.
 * Plain markup in PrimeReact's tag classes, as the results' other tags (no component to load).
 */
export function PreferredTag({ row }: { row: Pick<StockRow, 'preferred'> }) {
  const t = useT();
  if (!row.preferred) return null;
  return (
    <span className="p-tag p-component p-tag-warning preferred-tag" title={t('优选供应商：您设为优选的供应商，OE号搜索时排在前面')} data-testid="preferred-tag">
      <span className="p-tag-value">{t('优选')}</span>
    </span>
  );
}
