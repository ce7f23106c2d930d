/** A 组合套装's rows in a list cell (docs/activities.md "组合套装"): a tag, then each OE and name × its pieces per bundle. */
import type { ActivityItem } from '../../../shared/contracts';
import './activity.css';

export function BundleParts({ item }: { item: Pick<ActivityItem, 'lines'> }) {
  return (
    <span className="bundle-parts">
      <span className="bundle-tag">组合套装</span>
      {item.lines.map((l) => <span key={l.stock_id} className="bundle-part"><strong data-user-text>{l.supplier_oe}</strong> <span data-user-text>{l.name}</span> ×{l.qty}</span>)}
    </span>
  );
}
