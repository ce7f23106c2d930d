import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { StoreEditor } from '../../features/company/StoreEditor';

export const Route = createFileRoute('/backend/store')({
  beforeLoad: guardedBy({ auth: true, permissions: ['M14'] }),
  component: StoreEditor,
});
