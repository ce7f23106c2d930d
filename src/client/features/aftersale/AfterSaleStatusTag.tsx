import { Tag } from 'primereact/tag';
import { useT } from '../../i18n/lang';
import { warrantyText } from '../../../shared/domain/warranty';
import { AFTERSALE_STATUS_TEXT, AFTERSALE_TYPE_TEXT, type AfterSaleStatus, type AfterSaleType } from '../../../shared/domain/aftersale';

const SEVERITY: Record<AfterSaleStatus, 'warning' | 'info' | 'success' | 'danger' | 'secondary' | null> = {
  pending: 'warning', awaiting_return: 'info', returned: 'info', refunding: 'warning', completed: 'success', rejected: 'danger', cancelled: 'secondary', closed: 'secondary',
};

export function AfterSaleStatusTag({ status }: { status: AfterSaleStatus }) {
  const t = useT();
  return <Tag value={t(AFTERSALE_STATUS_TEXT[status])} severity={SEVERITY[status]} data-testid="aftersale-status" />;
}

/** The type, and 质保售后 when the after-sale was opened under the seller's platform warranty (docs/warranty.md). */
export function AfterSaleTypeTag({ type, warrantyMonths = 0 }: { type: AfterSaleType; warrantyMonths?: number }) {
  const t = useT();
  return (
    <>
      <Tag value={t(AFTERSALE_TYPE_TEXT[type])} severity={type === 'return' ? 'info' : null} />
      {warrantyMonths > 0 && <> <Tag value={t(warrantyText.afterSale)} severity="success" icon="pi pi-verified" title={t('卖家平台质保：收货后{{n}}个月内的质量问题', { n: warrantyMonths })} data-testid="aftersale-warranty" /></>}
    </>
  );
}
