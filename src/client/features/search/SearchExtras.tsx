import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { WANTED_CODES } from '../../../shared/contracts';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { msg } from '../../../shared/messages';
import { adsQuery } from '../system/queries';
import { levelQuery } from '../session/queries';
import { adsForViewer, viewerOf } from '../home/ad-choice';
import { PublishWantedDialog } from '../wanted/PublishWantedDialog';
import { useFold } from './results-fold';
import { useT } from '../../i18n/lang';
import './search-extras.css';

/** ad slots of the search page (requirements 000-3): two robot-area slots and the dismantled-parts slot */
export const SEARCH_AD_CODES = ['JQR001', 'JQR002', 'CJ000'] as const;
/** the search pages without results: there the ads take no room from the results */
const AD_PAGES = new Set(['/search/parts', '/search/parts/', '/search/dismantle', '/search/dismantle/']);

/**
 * Beside the search box (requirements 000-2): the announcement box, the 发布求购 dialog for those who may
 * publish (C07 / C15), and the ad images on the pages without results; an ad only shows
 * within its dates (server-side). `foldable` (a results page): the announcement folds to its 公告
 * button, the choice kept on the device (results-fold.ts), so the rows get the screen.
 */
export function SearchExtras({ announcement, foldable = false }: { announcement?: string; foldable?: boolean }) {
  const t = useT();
  const [foldedChoice, setFolded] = useFold('announcement');
  const folded = foldable && foldedChoice;
  const mayPublish = useRouteContext({ from: '__root__', select: (c) => hasAnyPermission(c.session.user?.permissions ?? [], WANTED_CODES) });
  const [publishing, setPublishing] = useState(false);
  const { pathname } = useLocation();
  const ads = useQuery({ ...adsQuery(SEARCH_AD_CODES), enabled: AD_PAGES.has(pathname) });
  // the trial slot (JQR001) is not for a formal member (docs/architecture.md, "Landing per role")
  const user = useRouteContext({ from: '__root__', select: (c) => c.session.user });
  const level = useQuery({ ...levelQuery(user?.company_id ?? 0), enabled: !!user });
  const shown = adsForViewer(ads.data ?? [], viewerOf(!!user, level.data));
  const ordered = SEARCH_AD_CODES.flatMap((code) => shown.filter((a) => a.code === code));
  return (
    <>
      {(announcement || mayPublish) && (
        <div className="search-actions">
          {announcement && folded && (
            <button type="button" className="announcement-toggle" aria-expanded={false} onClick={() => setFolded(false)} title={announcement} data-user-text>
              <i className="pi pi-megaphone" aria-hidden /> {t('公告')}<i className="pi pi-angle-down" aria-hidden />
            </button>
          )}
          {announcement && !folded && (
            <div className="announcement" role="note" style={{ flex: 1 }}>
              <i className="pi pi-megaphone" aria-hidden /> <span data-user-text>{announcement}</span>
              {foldable && (
                <button type="button" className="announcement-fold linklike" aria-expanded onClick={() => setFolded(true)} aria-label={t('收起公告')} title={t('收起公告')}>
                  {t('收起')}<i className="pi pi-angle-up" aria-hidden />
                </button>
              )}
            </div>
          )}
          {(!announcement || folded) && <span style={{ flex: 1 }} />}
          {mayPublish && (
            <span style={{ display: 'flex', gap: '0.6rem', alignItems: 'center', whiteSpace: 'nowrap' }}>
              <Link to="/enquiry/list">{t(msg.myWanted)}</Link>
              <Button type="button" label={t(msg.publishWanted)} icon="pi pi-megaphone" severity="warning" onClick={() => setPublishing(true)} />
            </span>
          )}
        </div>
      )}
      {AD_PAGES.has(pathname) && ordered.length > 0 && (
        <div className="search-ads" aria-label={t('广告')}>
          {ordered.map((a) => (
            <a key={a.code} href={a.click_url} data-ad={a.code}>
              <img src={a.images_url} alt={t('广告 {{code}}', { code: a.code })} width={a.images_width} loading="lazy" />
            </a>
          ))}
        </div>
      )}
      {mayPublish && <PublishWantedDialog visible={publishing} onHide={() => setPublishing(false)} />}
    </>
  );
}
