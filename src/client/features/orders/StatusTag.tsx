import { Tag } from 'primereact/tag';
import { ORDER_STATUS_TEXT, PAY_STATUS_TEXT, type OrderStatus, type PayStatus } from '../../../shared/domain/orders';

const SEVERITY: Record<OrderStatus, 'warning' | 'info' | 'success' | 'danger' | 'secondary' | null> = {
  pending: 'warning', confirmed: 'info', shipped: 'info', received: 'success', completed: 'success', cancelled: 'secondary', rejected: 'danger',
};

export function StatusTag({ status }: { status: OrderStatus }) {
  return <Tag value={ORDER_STATUS_TEXT[status]} severity={SEVERITY[status]} />;
}

export function PayTag({ pay }: { pay: PayStatus }) {
  return <Tag value={PAY_STATUS_TEXT[pay]} severity={pay === 'paid' ? 'success' : 'warning'} />;
}
