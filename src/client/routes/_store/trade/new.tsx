import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../../lib/router-guard';
import { CIRCLE_CODES } from '../../../../shared/contracts/codes';
import { CircleNewPage } from '../../../features/circle/CircleNewPage';

export const Route = createFileRoute('/_store/trade/new')({
  beforeLoad: guardedBy({ auth: true, permissions: CIRCLE_CODES }),
  component: CircleNewPage,
});
