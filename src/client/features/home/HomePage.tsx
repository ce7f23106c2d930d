import { useQuery } from '@tanstack/react-query';
import { useRouteContext, Link } from '@tanstack/react-router';
import { adsQuery, BANNER_CODES, configQuery, SITE_KEYS } from '../system/queries';
import { levelQuery } from '../session/queries';
import { MembershipCard } from './MembershipCard';
import { TrialAd } from './TrialAd';
import { showsTrialInvite, showsTrialPopup, TRIAL_INVITE_SLOT, viewerOf } from './ad-choice';
import { BannerCarousel } from './BannerCarousel';
import { QuickSearch } from './QuickSearch';
import { RecommendedCompanies } from './RecommendedCompanies';
import { RecommendedProducts } from './RecommendedProducts';
import { useSiteMeta } from '../storefront/site-meta';
import type { Ad } from '../../../shared/contracts';
import { useT } from '../../i18n/lang';
import './home.css';

/**
 * The banner slots' shape (LB001…: 1200 × 400). A banner keeps it at every width, up to 15rem high,
 * so a narrower window (a 1024 tablet) shows the whole ad smaller instead of cropping its sides.
 */
const BANNER_BOX = { aspectRatio: '3 / 1', maxHeight: '15rem' } as const;

const AdImage = ({ ad, height, first }: { ad: Ad; height: string | typeof BANNER_BOX; first?: boolean }) => {
                  const t = useT();
                  return (
  <a href={ad.click_url || undefined}>
    <img src={ad.images_url} alt={t('广告 {{code}}', { code: ad.code })} fetchPriority={first ? 'high' : undefined}
      style={{ width: '100%', ...(typeof height === 'string' ? { height } : height), objectFit: 'cover', display: 'block', borderRadius: 6 }} />
  </a>
);
                };

/** Storefront home: banner ads, quick search entries, the announcement, side ads, the operators' 推荐企业 and, when signed in, the membership card. */
export function HomePage() {
  const t = useT();
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user;
  const banners = useQuery(adsQuery(BANNER_CODES));
  const side = useQuery(adsQuery(['GG000', 'GG005', 'GG009']));
  // with the top bar's and footer's parameters: one call
  const announcement = useQuery(configQuery(SITE_KEYS));
  const level = useQuery({ ...levelQuery(user?.company_id ?? 0), enabled: !!user });
  const byCode = (code: string) => side.data?.find((a) => a.code === code);
  // the trial invitation by the viewer's level: never a formal member's (ad-choice.ts)
  const viewer = viewerOf(!!user, level.data);
  const gg000 = showsTrialInvite(viewer) ? byCode(TRIAL_INVITE_SLOT) : undefined;
  useSiteMeta();

  return (
    // one column no wider than the page: a long line inside (the search tabs in Vietnamese) scrolls
    // in its own box instead of widening the page
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '1rem' }}>
      <div className="home-top">
        <div className="card" style={{ padding: 0, overflow: 'hidden' }}>
          {banners.data && banners.data.length > 0 ? (
            <BannerCarousel items={banners.data} label={t('广告')} render={(ad) => <AdImage ad={ad} height={BANNER_BOX} first={ad === banners.data[0]} />} />
          ) : (
            <div style={{ width: '100%', ...BANNER_BOX }} className="muted" aria-busy={banners.isLoading} />
          )}
        </div>
        <aside className="card" style={{ display: 'grid', gap: '0.6rem', alignContent: 'start' }}>
          {user ? (
            <MembershipCard name={user.user_name} company={user.company_name} level={level.data ?? undefined} />
          ) : (
            <>
              <strong>{t('欢迎来到汽配汇')}</strong>
              <p className="muted" style={{ margin: 0 }}>{t('登录后可按 OE 号、VIN 查件，在线询价并向多个卖家下单。')}</p>
              <Link to="/login" className="p-button p-component" style={{ justifyContent: 'center' }}>{t('登录')}</Link>
              <Link to="/login/register" className="p-button p-component p-button-outlined" style={{ justifyContent: 'center' }}>{t('免费注册')}</Link>
            </>
          )}
        </aside>
      </div>
      <QuickSearch />
      {announcement.data?.system_announcement && (
        <div className="announcement" role="note"><i className="pi pi-megaphone" /> <span data-user-text>{announcement.data.system_announcement}</span></div>
      )}
      {gg000 && <AdImage ad={gg000} height="6rem" />}
      <div className="grid-2">
        {['GG005', 'GG009'].map((code) => {
          const ad = byCode(code);
          return ad ? <AdImage key={code} ad={ad} height="8rem" /> : null;
        })}
      </div>
      <RecommendedProducts />
      <RecommendedCompanies />
      {user && <TrialAd isTrial={showsTrialPopup(viewer)} />}
    </div>
  );
}
