import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { ChannelPage } from '../../features/operation/pay/money/ChannelPage';

export const Route = createFileRoute('/operation/pay/channel')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payAccounts }),
  component: ChannelPage,
});
