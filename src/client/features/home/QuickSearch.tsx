import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { OeSearchBox } from '../search/OeSearchBox';
import { KeywordSearchBox } from '../search/KeywordSearchBox';
import { useAfterFirstPage } from '../../lib/after-first-page';
import { myCirclesQuery } from '../search/queries';
import { IllustrationTab, VehicleTab, VinTab } from '../vin/SearchTabs';
import { Tabs } from '../../ui/Tabs';
import { useT, mark } from '../../i18n/lang';

/** Every built search mode, for a guest: each opens its page after sign-in. */
const GUEST_ENTRIES = [
  { label: mark('OE号搜索'), to: '/search/parts', icon: 'pi pi-hashtag', text: mark('一次最多10个OE号，含替换号与通用号') },
  { label: mark('关键词搜索'), to: '/search/parts', icon: 'pi pi-search', text: mark('配件名称、品牌、车型，精确或模糊') },
  { label: mark('拆车件'), to: '/search/dismantle', icon: 'pi pi-wrench', text: mark('正品拆车件，价格实惠') },
  { label: mark('企业黄页'), to: '/search/company', icon: 'pi pi-building', text: mark('按名称或城市查找配件企业') },
  { label: mark('VIN查询'), to: '/search/vin', icon: 'pi pi-car', text: mark('输入17位车架号，按车型目录找配件') },
  { label: mark('车型查询'), to: '/search/vehicle', icon: 'pi pi-list', text: mark('没有VIN时按品牌、车型、年款查找') },
  { label: mark('图解查询'), to: '/search/parts/illustration', icon: 'pi pi-image', text: mark('看分组爆炸图，点图号找配件') },
] as const;

/** The home page's quick entries (requirements 000-2): the search boxes of each mode, or links to them for a guest. */
export function QuickSearch() {
  const t = useT();
  const { session } = useRouteContext({ from: '__root__' });
  // asked for after the first page: the 圈内搜索 tab is added then
  const later = useAfterFirstPage();
  const circles = useQuery({ ...myCirclesQuery(), enabled: !!session.user && later });
  const inCircle = circles.data?.some((c) => c.member_state === 'approved') ?? false;
  if (!session.user) {
    return (
      <section className="card quick-search" aria-label={t('快速查件')}>
        <h2>{t('快速查件')} <small className="muted">{t('登录后即可使用')}</small></h2>
        <div className="quick-entries">
          {GUEST_ENTRIES.map((e) => (
            <Link key={e.label} to={e.to} className="quick-entry">
              <i className={e.icon} aria-hidden="true" /><strong>{t(e.label)}</strong><small>{t(e.text)}</small>
            </Link>
          ))}
        </div>
      </section>
    );
  }
  return (
    <section className="card quick-search" aria-label={t('快速查件')}>
      <Tabs label={t('搜索方式')} active={0} tabs={[
        { header: t('OE号搜索'), content: <OeSearchBox /> },
        { header: t('关键词搜索'), content: <KeywordSearchBox /> },
        ...(inCircle ? [{ header: t('圈内搜索'), content: <KeywordSearchBox to="/search/parts/circle" /> }] : []),
        { header: t('拆车件'), content: <KeywordSearchBox to="/search/dismantle/result" /> },
        { header: t('企业黄页'), content: <KeywordSearchBox to="/search/company" /> },
        { header: t('VIN查询'), content: <VinTab /> },
        { header: t('车型查询'), content: <VehicleTab /> },
        { header: t('图解查询'), content: <IllustrationTab /> },
      ]} />
    </section>
  );
}
