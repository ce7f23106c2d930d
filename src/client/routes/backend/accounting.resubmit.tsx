import { createFileRoute, Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { INVOICE_BUYER_CODES, INVOICE_REQUEST_NO_RE } from '../../../shared/contracts/codes';
import { guardedBy } from '../../lib/router-guard';
import { InvoiceDetailPanel } from '../../features/invoice/InvoiceRecordPage';

/** 重新提交 (M09 resubmit): a refused request, its reason, and the form to ask again (docs/money.md#invoices). */
export const Route = createFileRoute('/backend/accounting/resubmit')({
  validateSearch: v.object({ open: v.fallback(v.optional(v.pipe(v.string(), v.regex(INVOICE_REQUEST_NO_RE))), undefined) }),
  beforeLoad: guardedBy({ auth: true, permissions: INVOICE_BUYER_CODES }),
  component: function InvoiceResubmit() {
    const { open } = Route.useSearch();
    return (
      <section className="iv-page" aria-labelledby="iv-resubmit-h">
        <h1 id="iv-resubmit-h" style={{ margin: 0, fontSize: '1.25rem' }}>重新提交开票申请</h1>
        {open ? <InvoiceDetailPanel no={open} />
          : <p className="iv-empty">请从<Link to="/backend/accounting/invoiceHistory" search={{ status: 'refused' }}>开票记录</Link>中选择一个已拒绝的申请，修改抬头后重新提交。</p>}
      </section>
    );
  },
});
