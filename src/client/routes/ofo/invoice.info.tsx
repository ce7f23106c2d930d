import { createFileRoute } from '@tanstack/react-router';
import { INVOICE_BUYER_CODES } from '../../../shared/contracts/codes';
import { guardedBy } from '../../lib/router-guard';
import { MobilePage } from '../../features/mobile/MobilePage';
import { useT } from '../../i18n/lang';
import { InvoiceTitlesPage } from '../../features/invoice/InvoiceTitlesPage';

/** 发票抬头 on a phone (/ofo/invoice/info; docs/money.md#invoices). */
export const Route = createFileRoute('/ofo/invoice/info')({
  beforeLoad: guardedBy({ auth: true, permissions: INVOICE_BUYER_CODES }),
  component: function OfoInvoiceInfo() {
    const t = useT();
    return <MobilePage title={t('发票抬头')} back="/im/profile"><InvoiceTitlesPage mobile /></MobilePage>;
  },
});
