import { createFileRoute } from '@tanstack/react-router';
import { OpenDocsPage } from '../../../features/open-docs/OpenDocsPage';

/** /open: the open platform's guide for partners' developers (docs/open-platform.md, "The document") */
export const Route = createFileRoute('/_store/open/')({ component: OpenDocsPage });
