import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { AFTERSALE_CODES } from '../../../shared/domain/aftersale';
import { listSearch } from '../../ui/list/list-search';
import { AFTERSALE_FILTER_NAMES, afterSaleSides } from '../../features/aftersale/list-params';
import { AfterSaleListPage } from '../../features/aftersale/AfterSaleListPage';

const listOf = listSearch(AFTERSALE_FILTER_NAMES, []);
const search = v.intersect([listOf, v.object({ side: v.fallback(v.optional(v.picklist(['seller', 'buyer'])), undefined) })]);

export const Route = createFileRoute('/backend/service/afterSale/')({
  validateSearch: search,
  beforeLoad: guardedBy({ auth: true, permissions: AFTERSALE_CODES }),
  component: function AfterSales() {
    const navigate = Route.useNavigate();
    const s = Route.useSearch();
    const { session } = Route.useRouteContext();
    const sides = afterSaleSides(session.user?.permissions ?? []);
    const side = s.side && sides.includes(s.side) ? s.side : sides[0] ?? 'buyer';
    return <AfterSaleListPage key={side} side={side} search={s} onSearch={(next, to) => void navigate({ search: { ...next, side: to ?? side } })} />;
  },
});
