/**
 * 活动下单成功 (/activity/order/complete, docs/activities.md): the order placed in the activity,
 * read back by its number (the order page's own call), with links to it and back to /activity.
 */
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { yuan } from '../../../shared/domain/money';
import { errorText } from '../../ui/form/form';
import { orderDetailQuery } from '../orders/queries';
import './activity.css';

export function ActivityCompletePage({ no }: { no: string }) {
  const order = useQuery({ ...orderDetailQuery(no), enabled: no !== '' });
  if (!no) return <div className="activity-page"><p role="alert">没有订单号</p><Link to="/activity">返回活动</Link></div>;
  return (
    <div className="activity-page">
      <section className="card activity-section" aria-label="下单成功">
        <h1 className="activity-title">抢购成功，订单已提交</h1>
        {order.isPending && <p aria-busy="true">正在加载…</p>}
        {order.isError && <p role="alert">{errorText(order.error)}</p>}
        {order.data && (
          <>
            <p>订单号 <strong data-testid="activity-order-no">{order.data.order_no}</strong>，卖家 <span data-user-text>{order.data.seller_company_name}</span></p>
            <p>共 {order.data.total_qty} 件，应付 <strong className="activity-price">{yuan(order.data.total_fen)}</strong>；卖家确认后即可付款。</p>
          </>
        )}
        <p className="activity-links">
          <Link to="/backend/order/detail/$orderNo" params={{ orderNo: no }}>查看订单</Link>
          <Link to="/activity">继续抢购</Link>
        </p>
      </section>
    </div>
  );
}
