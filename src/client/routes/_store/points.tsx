import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { POINTS_CODES } from '../../../shared/domain/points-codes';
import { PointsPage } from '../../features/points/PointsPage';
import { pointsSummaryQuery } from '../../features/points/queries';

/** 我的积分 (docs/points.md): balance, the points mall, entries and redemptions. */
export const Route = createFileRoute('/_store/points')({
  beforeLoad: guardedBy({ auth: true, permissions: POINTS_CODES }),
  loader: ({ context }) => context.queryClient.ensureQueryData(pointsSummaryQuery()).catch(() => undefined),
  component: () => <PointsPage />,
});
