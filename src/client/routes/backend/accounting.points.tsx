import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { POINTS_CODES } from '../../../shared/domain/points-codes';
import { PointsPage } from '../../features/points/PointsPage';
import { pointsSummaryQuery } from '../../features/points/queries';

/** 财务 · 积分 (docs/points.md): the company's points in the back office. */
export const Route = createFileRoute('/backend/accounting/points')({
  beforeLoad: guardedBy({ auth: true, permissions: POINTS_CODES }),
  loader: ({ context }) => context.queryClient.ensureQueryData(pointsSummaryQuery()).catch(() => undefined),
  component: () => <PointsPage />,
});
