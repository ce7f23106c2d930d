import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { SearchPage } from '../../features/search/SearchPage';

/**
 * Every search page (OE, keyword, 圈内, 拆车件, 企业黄页, VIN, vehicle, illustration) under one
 * SearchPage: moving from one kind of search to another keeps the search box, its tabs and what was
 * typed in them. Each family (/search/parts, /search/dismantle, /search/company…) had a SearchPage
 * of its own, and a tab clicked just after a search was taken back when the new family's page
 * mounted (the next search then pressed Enter in an empty, hidden box).
 */
export const Route = createFileRoute('/_store/search')({
  beforeLoad: guardedBy({ auth: true }),
  component: () => (
    <SearchPage>
      <Outlet />
    </SearchPage>
  ),
});
