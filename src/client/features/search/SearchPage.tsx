import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from '@tanstack/react-router';
import { TabView, TabPanel } from 'primereact/tabview';
import { OeSearchBox } from './OeSearchBox';
import { KeywordSearchBox } from './KeywordSearchBox';
import { configQuery } from '../system/queries';
import { myCirclesQuery } from './queries';
import { SearchExtras } from './SearchExtras';
import { VehicleTab, VinTab } from '../vin/SearchTabs';
import './search-page.css';

/**
 * The search page (000 §2): OE, keyword, 圈内搜索 (only to members of an approved trade circle),
 * dismantled parts and yellow pages.
 */
export function SearchPage({ children }: { children: ReactNode }) {
  const search = useSearch({ strict: false }) as { code?: string; k?: string; mode?: 'exact' | 'fuzzy' };
  const { pathname } = useLocation();
  const circles = useQuery(myCirclesQuery());
  const inCircle = circles.data?.some((c) => c.member_state === 'approved') ?? false;
  // tab order: OE, keyword, circle (members of an approved circle only), dismantled parts, yellow pages, VIN, vehicle
  // React.Children counts the `false` of a hidden circle tab as a position too, so the offset is fixed
  const circleOffset = 1;
  const tab = pathname.endsWith('/keyword') ? 1
    : pathname.endsWith('/circle') && inCircle ? 2
    : pathname.startsWith('/search/dismantle') ? 2 + circleOffset
    : pathname.startsWith('/search/company') ? 3 + circleOffset
    : /^\/search\/(new)?vin/.test(pathname) ? 4 + circleOffset
    : pathname.startsWith('/search/vehicle') ? 5 + circleOffset
    : 0;
  const onDismantle = pathname.startsWith('/search/dismantle');
  const onCompany = pathname.startsWith('/search/company');
  const announcement = useQuery(configQuery(['system_announcement']));
  return (
    <div className="search-page" style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '1rem' }}>
      <section className="card">
        <TabView key={`${tab}-${inCircle}`} activeIndex={tab} renderActiveOnly={false}>
          <TabPanel header="OE号搜索">
            <OeSearchBox initial={search.code?.split(',').join('\n')} />
          </TabPanel>
          <TabPanel header="关键词搜索">
            <KeywordSearchBox initial={tab === 1 ? search.k : undefined} initialMode={search.mode} />
          </TabPanel>
          {inCircle && (
            <TabPanel header="圈内搜索">
              <KeywordSearchBox to="/search/parts/circle" initial={pathname.endsWith('/circle') ? search.k : undefined} initialMode={search.mode} />
            </TabPanel>
          )}
          <TabPanel header="拆车件">
            <KeywordSearchBox to="/search/dismantle/result" initial={onDismantle ? search.k : undefined} initialMode={search.mode} />
          </TabPanel>
          <TabPanel header="企业黄页">
            <KeywordSearchBox to="/search/company" initial={onCompany ? search.k : undefined} />
          </TabPanel>
          <TabPanel header="VIN查询">
            <VinTab />
          </TabPanel>
          <TabPanel header="车型查询">
            <VehicleTab />
          </TabPanel>
        </TabView>
      </section>
      <SearchExtras announcement={announcement.data?.system_announcement} />
      {children}
    </div>
  );
}
