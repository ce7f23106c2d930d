import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../../../lib/router-guard';
import { WebhookPage } from '../../../../features/webhook/WebhookPage';

/** /open/controlPanel/webhook: a company's webhooks (docs/open-platform.md, "Webhooks"); the server checks owner or M07 */
export const Route = createFileRoute('/_store/open/controlPanel_/webhook')({
  beforeLoad: guardedBy({ auth: true }),
  component: WebhookPage,
});
