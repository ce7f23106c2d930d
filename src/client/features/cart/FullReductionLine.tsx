import type { CartGroup } from '../../../shared/contracts';
import { Price } from '../currency/Price';
import { useT } from '../../i18n/lang';
import { dataSlot, withNodes } from '../../i18n/with-data';
import './full-reduction.css';

/**
 * 满减 of one seller's ticked lines (docs/activities.md "满减"): the activity, its tiers, 已减 what
 * is taken off and 还差 what the next tier needs. Nothing without a running 满减 activity.
 */
export function FullReductionLine({ group }: { group: Pick<CartGroup, 'fullReduction'> }) {
  const t = useT();
  const r = group.fullReduction;
  if (!r) return null;
  return (
    <div className="full-reduction" data-testid="full-reduction">
      <span className="full-reduction-tag">{t('满减')}</span>
      <span data-user-text>{r.name}</span>
      <span className="muted" data-user-text>{r.tiersText}</span>
      {r.offFen > 0 && <span className="full-reduction-off" data-testid="full-reduction-off">{t('已减')} <Price fen={r.offFen} /></span>}
      {r.nextGapFen > 0 && <span className="muted" data-testid="full-reduction-gap">{withNodes(t('还差 {{gap}} 减 {{off}}', { gap: dataSlot(0), off: dataSlot(1) }), [<Price key="gap" fen={r.nextGapFen} />, <Price key="off" fen={r.nextOffFen} />])}</span>}
    </div>
  );
}

/** what the groups' 满减 take off in all */
export const reductionTotal = (groups: ReadonlyArray<Pick<CartGroup, 'fullReduction'>>) => groups.reduce((s, g) => s + (g.fullReduction?.offFen ?? 0), 0);
/** what one group's 满减 takes off */
export const reductionOf = (g: Pick<CartGroup, 'fullReduction'>) => g.fullReduction?.offFen ?? 0;
