import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guardedBy } from '../../../router-guard';
import { SearchPage } from '../../../features/search/SearchPage';

export const Route = createFileRoute('/_store/search/vehicle')({
  beforeLoad: guardedBy({ auth: true }),
  component: () => (
    <SearchPage>
      <Outlet />
    </SearchPage>
  ),
});
