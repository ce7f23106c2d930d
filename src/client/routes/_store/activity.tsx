import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { ActivityPage } from '../../features/activity/ActivityPage';

/** 活动 (/activity, docs/activities.md): running and coming activities and their parts. */
export const Route = createFileRoute('/_store/activity')({
  beforeLoad: guardedBy({ auth: true }),
  component: ActivityPage,
});
