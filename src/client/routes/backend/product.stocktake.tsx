import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { STOCK_CODES } from '../../../shared/domain/stock';
import { StocktakePage } from '../../features/stocktake/StocktakePage';

const search = v.object({
  take: v.fallback(v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))), undefined),
  view: v.fallback(v.optional(v.picklist(['count', 'diff'])), undefined),
});

/** 盘点 (M03, docs/warehouse.md "Stocktake"): counting a warehouse on a tablet, and the supervisor's 审核差异. */
export const Route = createFileRoute('/backend/product/stocktake')({
  validateSearch: search,
  beforeLoad: guardedBy({ auth: true, permissions: STOCK_CODES }),
  component: function Stocktake() {
    const navigate = Route.useNavigate();
    return <StocktakePage search={Route.useSearch()} onSearch={(s) => void navigate({ search: s })} />;
  },
});
