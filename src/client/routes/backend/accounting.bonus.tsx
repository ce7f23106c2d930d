import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { BONUS_CODES } from '../../../shared/domain/bonus-codes';
import { BonusPage } from '../../features/bonus/BonusPage';
import { bonusMineQuery } from '../../features/bonus/queries';

/** 财务 · 业绩奖励 (docs/bonus.md): a seller's own running month and settled months. */
export const Route = createFileRoute('/backend/accounting/bonus')({
  beforeLoad: guardedBy({ auth: true, permissions: BONUS_CODES }),
  loader: ({ context }) => context.queryClient.ensureQueryData(bonusMineQuery()).catch(() => undefined),
  component: () => <BonusPage />,
});
