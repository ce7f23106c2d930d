import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { ConfigurationPage } from '../../features/operation/system/ConfigurationPage';

export const Route = createFileRoute('/operation/system/configuration')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.configuration }),
  component: ConfigurationPage,
});
