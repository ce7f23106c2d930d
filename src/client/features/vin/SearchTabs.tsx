import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from '@tanstack/react-router';
import { VinSearchBox } from './VinSearchBox';
import { vehicleBrandsQuery } from './queries';
import './vin.css';

/**
 * The VIN查询 tab of the search page. /search/vin shows a decoded vehicle as the classic catalogue
 * tree; /search/newvin walks it step by step in tiles. The box keeps the user in the flow they are in.
 */
export function VinTab() {
  const { pathname } = useLocation();
  const { vin } = useSearch({ strict: false }) as { vin?: string };
  const tiles = pathname.startsWith('/search/newvin');
  return (
    <div style={{ display: 'grid', gap: '0.4rem' }}>
      <VinSearchBox to={tiles ? '/search/newvin/detail' : '/search/vin/detail'} initial={vin} />
      <span className="muted" style={{ fontSize: '0.65rem' }}>
        显示方式：{tiles ? <><Link to="/search/vin">目录树</Link> · <strong>分步图块</strong></> : <><strong>目录树</strong> · <Link to="/search/newvin">分步图块</Link></>}
      </span>
    </div>
  );
}

/** The 车型查询 tab: the makes of the catalogue, each opening the make → model → year/engine picker. */
export function VehicleTab() {
  const brands = useQuery(vehicleBrandsQuery());
  const { make } = useSearch({ strict: false }) as { make?: string };
  return (
    <div className="vin-brands" aria-label="品牌">
      {brands.data?.map((b) => (
        <Link key={b.make_name} to="/search/vehicle" search={{ make: b.make_name }}
          className={`p-button p-component p-button-sm${b.make_name === make ? '' : ' p-button-outlined'}`}>{b.make_name}</Link>
      ))}
      <span className="muted" style={{ alignSelf: 'center', fontSize: '0.65rem' }}>没有VIN时，按品牌、车型、年款和发动机查找配件</span>
    </div>
  );
}

/** The 图解查询 tab: a VIN opens its vehicle's drawings; without one, the catalogue's vehicle list. */
export function IllustrationTab() {
  const { pathname } = useLocation();
  const { vin } = useSearch({ strict: false }) as { vin?: string };
  return (
    <div style={{ display: 'grid', gap: '0.4rem' }}>
      <VinSearchBox to="/search/parts/illustration" field="ill-vin" quota={false} initial={pathname.startsWith('/search/parts/illustration') ? vin : undefined} />
      <span className="muted" style={{ fontSize: '0.65rem' }}>
        按VIN或车型找到分组的爆炸图（图解），点图上的图号查看配件和卖家报价；VIN次数与VIN查询共用。没有VIN：<Link to="/search/parts/illustration">从车型库选择</Link>
      </span>
    </div>
  );
}
