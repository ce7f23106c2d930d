import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { OP_GROUP_CODES } from '../../../shared/domain/operation-codes';
import { GroupEditPage } from '../../features/operation/company/GroupEditPage';

export const Route = createFileRoute('/operation/company/group/edit')({
  validateSearch: v.object({ id: v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2147483647)), 1) }),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_GROUP_CODES.read }),
  component: function GroupEdit() {
    const { id } = Route.useSearch();
    return <GroupEditPage key={id} id={id} />;
  },
});
