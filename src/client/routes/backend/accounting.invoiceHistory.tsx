import { createFileRoute } from '@tanstack/react-router';
import { INVOICE_BUYER_CODES } from '../../../shared/contracts/codes';
import { guardedBy } from '../../lib/router-guard';
import { invoiceRecordSearch } from '../../features/invoice/list-params';
import { InvoiceRecordPage } from '../../features/invoice/InvoiceRecordPage';

/** 开票记录 (M09 invoiceHistory): the requests the company made (docs/money.md#invoices). */
export const Route = createFileRoute('/backend/accounting/invoiceHistory')({
  validateSearch: invoiceRecordSearch,
  beforeLoad: guardedBy({ auth: true, permissions: INVOICE_BUYER_CODES }),
  component: function InvoiceRecords() {
    const navigate = Route.useNavigate();
    const { open, ...list } = Route.useSearch();
    return (
      <InvoiceRecordPage side="buyer" search={list} selected={open}
        onSearch={(next) => void navigate({ search: { ...next, open } })} onSelect={(no) => void navigate({ search: { ...list, open: no } })} />
    );
  },
});
