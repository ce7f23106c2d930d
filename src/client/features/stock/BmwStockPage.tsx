/**
 * 宝马库存 (/backend/product/bmw, M03, docs/maintenance.md#bmw-stock): 库存与价格 for the company's
 * rows of the make 宝马 only, each BMW part number shown in BMW's grouping (34 11 6 794 300). The
 * OE search takes the number in any form: the server compares normalised numbers.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { bmwOe } from '../../../shared/domain/bmw-oe';
import type { ListSearch } from '../../ui/list/list-search';
import { makesQuery } from './queries';
import { StockPage } from './StockPage';

/** The catalogue's make of this page. */
export const BMW_MAKE_NAME = '宝马';

export function BmwStockPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const makes = useQuery(makesQuery());
  if (makes.isPending) return <div className="card" aria-busy="true">正在加载…</div>;
  if (makes.isError && !makes.data) return <div className="card" role="alert">{makes.error.message}</div>;
  const bmw = makes.data!.find((m) => m.name === BMW_MAKE_NAME);
  if (!bmw) return <div className="card" role="alert">车型品牌中没有“{BMW_MAKE_NAME}”，请联系平台客服。</div>;
  return (
    <StockPage search={search} onSearch={onSearch}
      fixedMake={{
        id: bmw.id, title: '宝马库存', oeText: bmwOe,
        empty: <>还没有车型品牌为“宝马”的库存。在<Link to="/backend/product/stockAndPrice">库存与价格</Link>中把配件的车型品牌设为宝马，或导入带车型品牌的库存，它们就会出现在这里。</>,
      }} />
  );
}
