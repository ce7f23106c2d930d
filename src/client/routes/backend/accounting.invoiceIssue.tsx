import { createFileRoute } from '@tanstack/react-router';
import { INVOICE_SELLER_CODES } from '../../../shared/contracts/codes';
import { guardedBy } from '../../lib/router-guard';
import { invoiceRecordSearch } from '../../features/invoice/list-params';
import { InvoiceRecordPage } from '../../features/invoice/InvoiceRecordPage';

/** 开票申请: the requests buyers made of the company, to issue or refuse (docs/money.md#invoices). */
export const Route = createFileRoute('/backend/accounting/invoiceIssue')({
  validateSearch: invoiceRecordSearch,
  beforeLoad: guardedBy({ auth: true, permissions: INVOICE_SELLER_CODES }),
  component: function InvoiceRecords() {
    const navigate = Route.useNavigate();
    const { open, ...list } = Route.useSearch();
    return (
      <InvoiceRecordPage side="seller" search={list} selected={open}
        onSearch={(next) => void navigate({ search: { ...next, open } })} onSelect={(no) => void navigate({ search: { ...list, open: no } })} />
    );
  },
});
