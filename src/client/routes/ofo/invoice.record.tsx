import { createFileRoute } from '@tanstack/react-router';
import { INVOICE_BUYER_CODES } from '../../../shared/contracts/codes';
import { guardedBy } from '../../lib/router-guard';
import { MobilePage } from '../../features/mobile/MobilePage';
import { useT } from '../../i18n/lang';
import { invoiceRecordSearch } from '../../features/invoice/list-params';
import { InvoiceRecordPage } from '../../features/invoice/InvoiceRecordPage';

/** 开票记录 on a phone (/ofo/invoice/record): the detail, the issued file and 重新提交 below the list (docs/money.md#invoices). */
export const Route = createFileRoute('/ofo/invoice/record')({
  validateSearch: invoiceRecordSearch,
  beforeLoad: guardedBy({ auth: true, permissions: INVOICE_BUYER_CODES }),
  component: function OfoInvoiceRecord() {
    const t = useT();
    const navigate = Route.useNavigate();
    const { open, ...list } = Route.useSearch();
    return (
      <MobilePage title={t('开票记录')} back="/im/profile">
        <InvoiceRecordPage mobile side="buyer" search={list} selected={open}
          onSearch={(next) => void navigate({ search: { ...next, open } })} onSelect={(no) => void navigate({ search: { ...list, open: no } })} />
      </MobilePage>
    );
  },
});
