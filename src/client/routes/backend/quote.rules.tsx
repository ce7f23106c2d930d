import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { QUOTE_CODES } from '../../../shared/contracts/codes';
import { QuoteRulesPage } from '../../features/enquiry/QuoteRulesPage';

/** 报价规则 (requirements 001-2-1, M10 / M12): how the company's quotes are pre-filled. */
export const Route = createFileRoute('/backend/quote/rules')({
  beforeLoad: guardedBy({ auth: true, permissions: QUOTE_CODES }),
  component: QuoteRulesPage,
});
