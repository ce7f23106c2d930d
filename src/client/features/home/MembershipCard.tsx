import { Link } from '@tanstack/react-router';
import { Tag } from 'primereact/tag';
import { isFormal, memberOffer } from '../../../shared/domain/membership';
import { formatChina } from '../../../shared/domain/china-time';
import type { CompanyLevel } from '../../../shared/contracts';
import { useT } from '../../i18n/lang';
import '../membership/membership.css';

/**
 * Member level (requirements 000-4): free levels get the upgrade prompt; paid levels their expiry date and
 * renewal, with the badge when 1 to 60 days remain. `showActions` is off on the buying pages.
 */
export function MembershipCard({ name, company, level, showActions = true }: { name: string; company: string; level: CompanyLevel | undefined; showActions?: boolean }) {
  const t = useT();
  const offer = level ? memberOffer(level, new Date()) : null;
  return (
    <div style={{ display: 'grid', gap: '0.4rem' }} data-testid="membership">
      <strong data-user-text>{name}</strong>
      <span className="muted" data-user-text>{company}</span>
      {level && (
        <span className="member-offer">
          {/* the level's name is the operators' (会员等级) */}
          <Tag value={level.name} severity={isFormal(level) ? 'success' : 'info'} data-testid="level-name" data-user-text />
          {offer?.kind === 'renew' && offer.badge !== null && <Tag value={offer.badge === 1 ? t('今天到期') : t('剩余{{days}}天', { days: offer.badge })} severity="warning" data-testid="expiry-badge" />}
          {offer?.kind === 'renew' && offer.expired && <Tag value={t('已过期')} severity="danger" />}
        </span>
      )}
      {offer?.kind === 'renew' && (
        <>
          <span className="muted" data-testid="level-expiry">{t('到期时间 {{date}}', { date: formatChina(offer.end, 'YYYY-MM-DD') })}</span>
          {showActions && <Link to="/pay/package" className="p-button p-component p-button-sm p-button-outlined member-link">{t('续费')}</Link>}
        </>
      )}
      {offer?.kind === 'upgrade' && (
        <>
          <span className="muted" style={{ fontSize: '0.65rem' }}>{t('升级为正式会员，可报价、查看联系方式、在线聊天，库存查询和VIN解析不限次数')}</span>
          {showActions && <Link to="/pay/package" className="p-button p-component p-button-sm member-link">{t('升级为正式会员')}</Link>}
        </>
      )}
    </div>
  );
}
