import { Link } from '@tanstack/react-router';
import { Tag } from 'primereact/tag';
import { expiryBadgeText, isFormal, memberOffer } from '../../../shared/domain/membership';
import { formatChina } from '../../../shared/domain/china-time';
import { membershipMsg as m } from '../../../shared/messages';
import type { CompanyLevel } from '../../../shared/contracts';
import '../membership/membership.css';

/**
 * Member level (requirements 000-4): free levels get the upgrade prompt; paid levels their expiry date and
 * renewal, with the badge when 1 to 60 days remain. `showActions` is off on the buying pages.
 */
export function MembershipCard({ name, company, level, showActions = true }: { name: string; company: string; level: CompanyLevel | undefined; showActions?: boolean }) {
  const offer = level ? memberOffer(level, new Date()) : null;
  return (
    <div style={{ display: 'grid', gap: '0.4rem' }} data-testid="membership">
      <strong>{name}</strong>
      <span className="muted">{company}</span>
      {level && (
        <span className="member-offer">
          <Tag value={level.name} severity={isFormal(level) ? 'success' : 'info'} data-testid="level-name" />
          {offer?.kind === 'renew' && offer.badge !== null && <Tag value={expiryBadgeText(offer.badge)} severity="warning" data-testid="expiry-badge" />}
          {offer?.kind === 'renew' && offer.expired && <Tag value={m.expired} severity="danger" />}
        </span>
      )}
      {offer?.kind === 'renew' && (
        <>
          <span className="muted" data-testid="level-expiry">{m.expiresOn(formatChina(offer.end, 'YYYY-MM-DD'))}</span>
          {showActions && <Link to="/pay/package" className="p-button p-component p-button-sm p-button-outlined member-link">{m.renewNow}</Link>}
        </>
      )}
      {offer?.kind === 'upgrade' && (
        <>
          <span className="muted" style={{ fontSize: '0.65rem' }}>{m.upgradePrompt}</span>
          {showActions && <Link to="/pay/package" className="p-button p-component p-button-sm member-link">{m.upgradeNow}</Link>}
        </>
      )}
    </div>
  );
}
