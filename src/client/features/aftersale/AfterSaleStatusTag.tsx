import { Tag } from 'primereact/tag';
import { AFTERSALE_STATUS_TEXT, AFTERSALE_TYPE_TEXT, type AfterSaleStatus, type AfterSaleType } from '../../../shared/domain/aftersale';

const SEVERITY: Record<AfterSaleStatus, 'warning' | 'info' | 'success' | 'danger' | 'secondary' | null> = {
  pending: 'warning', awaiting_return: 'info', returned: 'info', refunding: 'warning', completed: 'success', rejected: 'danger', cancelled: 'secondary', closed: 'secondary',
};

export function AfterSaleStatusTag({ status }: { status: AfterSaleStatus }) {
  return <Tag value={AFTERSALE_STATUS_TEXT[status]} severity={SEVERITY[status]} data-testid="aftersale-status" />;
}

export function AfterSaleTypeTag({ type }: { type: AfterSaleType }) {
  return <Tag value={AFTERSALE_TYPE_TEXT[type]} severity={type === 'return' ? 'info' : null} />;
}
