import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { PrivilegePage } from '../../features/operation/privilege/PrivilegePage';

export const Route = createFileRoute('/operation/privilege/list')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.privilege }),
  component: function Privilege() {
    return <PrivilegePage view="staff" />;
  },
});
