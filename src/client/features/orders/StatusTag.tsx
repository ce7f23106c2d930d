import { Tag } from 'primereact/tag';
import { useT } from '../../i18n/lang';
import { ORDER_STATUS_TEXT, PAY_STATUS_TEXT, type OrderStatus, type PayStatus } from '../../../shared/domain/orders';

const SEVERITY: Record<OrderStatus, 'warning' | 'info' | 'success' | 'danger' | 'secondary' | null> = {
  pending: 'warning', confirmed: 'info', shipped: 'info', received: 'success', completed: 'success', cancelled: 'secondary', rejected: 'danger',
};

export function StatusTag({ status }: { status: OrderStatus }) {
  const t = useT();
  return <Tag value={t(ORDER_STATUS_TEXT[status])} severity={SEVERITY[status]} />;
}

export function PayTag({ pay }: { pay: PayStatus }) {
  const t = useT();
  return <Tag value={t(PAY_STATUS_TEXT[pay])} severity={pay === 'paid' ? 'success' : 'warning'} />;
}
