import { Link } from '@tanstack/react-router';
import { msg } from '../../../shared/messages';
import { UPGRADE_UNLOCKS } from './StockTable';
import { useT } from '../../i18n/lang';

/**
 * A member's limits on the results, with the way out one tap away (requirements 000-2, membership):
 * what a registered member cannot do, and a link to 开通会员 (/pay/package) saying what the
 * upgrade unlocks.
 */
export function UpgradeNote() {
  const t = useT();
  return (
    <p className="upgrade-note" role="note" data-testid="upgrade-note">
      <span><i className="pi pi-lock" aria-hidden /> {t(msg.registeredCannotQuote)}</span>
      <Link to="/pay/package">{t(UPGRADE_UNLOCKS)} <i className="pi pi-arrow-right" aria-hidden /></Link>
    </p>
  );
}
