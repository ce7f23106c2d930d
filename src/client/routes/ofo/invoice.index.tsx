import { createFileRoute } from '@tanstack/react-router';
import { INVOICE_BUYER_CODES } from '../../../shared/contracts/codes';
import { guardedBy } from '../../lib/router-guard';
import { MobilePage } from '../../features/mobile/MobilePage';
import { useT } from '../../i18n/lang';
import { InvoiceApplyPage } from '../../features/invoice/InvoiceApplyPage';

/** 申请开票 on a phone (/ofo/invoice; docs/money.md#invoices). */
export const Route = createFileRoute('/ofo/invoice/')({
  beforeLoad: guardedBy({ auth: true, permissions: INVOICE_BUYER_CODES }),
  component: function OfoInvoice() {
    const t = useT();
    return <MobilePage title={t('申请开票')} back="/im/profile"><InvoiceApplyPage mobile /></MobilePage>;
  },
});
