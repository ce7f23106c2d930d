import { createFileRoute } from '@tanstack/react-router';
import { INVOICE_BUYER_CODES } from '../../../shared/contracts/codes';
import { guardedBy } from '../../lib/router-guard';
import { InvoiceTitlesPage } from '../../features/invoice/InvoiceTitlesPage';

/** 发票抬头 (docs/money.md#invoices). */
export const Route = createFileRoute('/backend/accounting/invoiceTitle')({
  beforeLoad: guardedBy({ auth: true, permissions: INVOICE_BUYER_CODES }),
  component: function InvoiceTitles() {
    return <InvoiceTitlesPage />;
  },
});
