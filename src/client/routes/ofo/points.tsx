import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { POINTS_CODES } from '../../../shared/domain/points-codes';
import { MobilePage } from '../../features/mobile/MobilePage';
import { useT } from '../../i18n/lang';
import { PointsPage } from '../../features/points/PointsPage';
import { pointsSummaryQuery } from '../../features/points/queries';

/** 积分 on a phone (docs/points.md): the same page, sized for 390 px. */
export const Route = createFileRoute('/ofo/points')({
  beforeLoad: guardedBy({ auth: true, permissions: POINTS_CODES }),
  loader: ({ context }) => context.queryClient.ensureQueryData(pointsSummaryQuery()).catch(() => undefined),
  component: function Points() {
    const t = useT();
    return <MobilePage title={t('我的积分')} back="/im/profile"><PointsPage compact /></MobilePage>;
  },
});
