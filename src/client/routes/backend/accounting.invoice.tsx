import { createFileRoute } from '@tanstack/react-router';
import { INVOICE_BUYER_CODES } from '../../../shared/contracts/codes';
import { guardedBy } from '../../lib/router-guard';
import { InvoiceApplyPage } from '../../features/invoice/InvoiceApplyPage';

/** 申请开票 (M09 invoice; docs/money.md#invoices). */
export const Route = createFileRoute('/backend/accounting/invoice')({
  beforeLoad: guardedBy({ auth: true, permissions: INVOICE_BUYER_CODES }),
  component: function InvoiceApply() {
    return <InvoiceApplyPage />;
  },
});
