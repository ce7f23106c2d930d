import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from '@tanstack/react-router';
import { OeSearchBox } from './OeSearchBox';
import { KeywordSearchBox } from './KeywordSearchBox';
import { boxInitial } from './search-params';
import { configQuery, SITE_KEYS } from '../system/queries';
import { myCirclesQuery } from './queries';
import { SearchExtras } from './SearchExtras';
import { SearchMoreLinks } from './SearchMoreLinks';
import { IllustrationTab, VehicleTab, VinTab } from '../vin/SearchTabs';
import { Tabs } from '../../ui/Tabs';
import { useAfterFirstPage } from '../../lib/after-first-page';
import { useT } from '../../i18n/lang';
import './search-page.css';

/** the pages under the search box that show results */
const RESULT_PAGES = /^\/search\/(parts\/(keyword|oe|circle)|dismantle\/result|company)\/?$/;
/** the pages that offer the other searches (我的库存, 采购记录, 油品, 新车型; docs/search.md) under the box */
const MORE_PAGES = /^\/search\/(parts|parts\/myes|purchase|purchase\/result|oil|newvehicle)\/?$/;

/**
 * The search page (requirements 000-2): OE, keyword, 圈内搜索 (only to members of an approved trade circle),
 * dismantled parts and yellow pages; VIN, vehicle and illustration (图解) search.
 */
export function SearchPage({ children }: { children: ReactNode }) {
  const t = useT();
  const search = useSearch({ strict: false }) as { code?: string; k?: string; mode?: 'exact' | 'fuzzy' };
  const { pathname } = useLocation();
  // asked for after the first page (the 圈内搜索 tab is added then), unless the page is that tab's
  const later = useAfterFirstPage();
  const circles = useQuery({ ...myCirclesQuery(), enabled: later || pathname.endsWith('/circle') });
  const inCircle = circles.data?.some((c) => c.member_state === 'approved') ?? false;
  // tab order: OE, keyword, circle (members of an approved circle only), dismantled parts, yellow pages, VIN, vehicle, illustration
  // the circle tab is only there for members of an approved circle: the tabs after it move by one
  const circleOffset = inCircle ? 1 : 0;
  const tab = pathname.endsWith('/keyword') ? 1
    : pathname.endsWith('/circle') && inCircle ? 2
    : pathname.startsWith('/search/dismantle') ? 2 + circleOffset
    : pathname.startsWith('/search/company') ? 3 + circleOffset
    : /^\/search\/(new)?vin/.test(pathname) ? 4 + circleOffset
    : pathname.startsWith('/search/vehicle') ? 5 + circleOffset
    : pathname.startsWith('/search/parts/illustration') ? 6 + circleOffset
    : 0;
  // with the top bar's and footer's parameters: one call
  const announcement = useQuery(configQuery(SITE_KEYS));
  const onResults = RESULT_PAGES.test(pathname);
  return (
    <div className={onResults ? 'search-page on-results' : 'search-page'} style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '1rem' }}>
      <section className="card">
        <Tabs label={t('搜索方式')} active={tab} tabs={[
          { header: t('OE号搜索'), content: <OeSearchBox initial={search.code?.split(',').join('\n')} /> },
          { header: t('关键词搜索'), content: <KeywordSearchBox {...boxInitial('/search/parts/keyword', pathname, search)} /> },
          ...(inCircle ? [{ header: t('圈内搜索'), content: <KeywordSearchBox to="/search/parts/circle" {...boxInitial('/search/parts/circle', pathname, search)} /> }] : []),
          { header: t('拆车件'), content: <KeywordSearchBox to="/search/dismantle/result" {...boxInitial('/search/dismantle/result', pathname, search)} /> },
          { header: t('企业黄页'), content: <KeywordSearchBox to="/search/company" {...boxInitial('/search/company', pathname, search)} /> },
          { header: t('VIN查询'), content: <VinTab /> },
          { header: t('车型查询'), content: <VehicleTab /> },
          { header: t('图解查询'), content: <IllustrationTab /> },
        ]} />
      </section>
      {MORE_PAGES.test(pathname) && <SearchMoreLinks pathname={pathname} />}
      <SearchExtras announcement={announcement.data?.system_announcement} foldable={onResults} />
      {children}
    </div>
  );
}
