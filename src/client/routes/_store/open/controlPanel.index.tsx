import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../../lib/router-guard';
import { ControlPanelPage } from '../../../features/open/ControlPanelPage';

/** /open/controlPanel: the company's API keys (docs/open-platform.md, "Keys and signing"); the server decides who may manage them */
export const Route = createFileRoute('/_store/open/controlPanel/')({
  beforeLoad: guardedBy({ auth: true }),
  component: ControlPanelPage,
});
