import { useEffect, useState } from 'react';
import type { OrderSummary } from '../../../shared/contracts';
import { countdownText, secondsToConfirm } from '../../../shared/domain/spot';
import { useT } from '../../i18n/lang';

/**
 * 现货 on an order (docs/spot-goods.md), and while it waits for the seller the time left to confirm
 * it, counting down each second: the seller reads 请在 mm:ss 内确认, the buyer 卖家确认剩余 mm:ss.
 * At zero the spot sweep cancels it (within a minute); the page says 已超时 until then.
 */
export function SpotOrderMark({ order }: { order: Pick<OrderSummary, 'spot' | 'confirm_by' | 'status' | 'side'> }) {
  const t = useT();
  const waiting = order.spot && order.status === 'pending' && order.confirm_by > 0;
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000);
    return () => clearInterval(timer);
  }, [waiting]);
  if (!order.spot) return null;
  const left = secondsToConfirm(order.confirm_by, now);
  return (
    <>
      <span className="order-spot-tag" data-testid="order-spot">{t('现货')}</span>
      {waiting && (
        <span className={`order-spot-countdown${left === 0 ? ' late' : ''}`} data-testid="spot-countdown" role="timer"
          aria-label={left === 0 ? t('确认已超时') : t('确认剩余 {{v}}', { v: countdownText(left) })}>
          {left === 0 ? t('确认已超时，订单将自动取消') : order.side === 'seller' ? t('请在 {{v}} 内确认', { v: countdownText(left) }) : t('卖家确认剩余 {{v}}', { v: countdownText(left) })}
        </span>
      )}
    </>
  );
}
