import { describe, expect, it } from 'vitest';
import {
  AFTERSALE_ACTION_SIDE, AFTERSALE_STATUSES, AFTERSALE_TYPES, AFTERSALE_WINDOW_DAYS, afterSaleTransition, afterSaleWindowEnd,
  availableAfterSaleActions, isOpen, lineAvailability, orderAfterSaleRefusal,
  type AfterSaleAction, type AfterSaleStatus, type AfterSaleType,
} from './aftersale';

/** Every allowed move as [type, from, action, to]; everything else must be refused. */
const ALLOWED: Array<[AfterSaleType | '*', AfterSaleStatus, AfterSaleAction, AfterSaleStatus]> = [
  ['refund', 'pending', 'agree', 'refunding'],
  ['return', 'pending', 'agree', 'awaiting_return'],
  ['*', 'pending', 'reject', 'rejected'],
  ['*', 'pending', 'cancel', 'cancelled'],
  ['return', 'awaiting_return', 'cancel', 'cancelled'],
  ['return', 'awaiting_return', 'deliver', 'returned'],
  ['return', 'returned', 'receipt', 'refunding'],
  ['*', 'refunding', 'complete', 'completed'],
  ['*', 'pending', 'close', 'closed'],
  ['return', 'awaiting_return', 'close', 'closed'],
  ['return', 'returned', 'close', 'closed'],
  ['*', 'refunding', 'close', 'closed'],
];

const ACTIONS = Object.keys(AFTERSALE_ACTION_SIDE) as AfterSaleAction[];

describe('after-sale state machine', () => {
  it('allows exactly the designed moves for each type', () => {
    for (const type of AFTERSALE_TYPES) {
      for (const status of AFTERSALE_STATUSES) {
        // a refund-only after-sale never waits for goods
        if (type === 'refund' && (status === 'awaiting_return' || status === 'returned')) continue;
        for (const action of ACTIONS) {
          const allowed = ALLOWED.find(([t, f, a]) => (t === '*' || t === type) && f === status && a === action);
          const r = afterSaleTransition({ status, type }, action);
          if (allowed) expect(r, `${type} ${status} ${action}`).toEqual({ ok: true, to: allowed[3] });
          else expect(r.ok, `${type} ${status} ${action}`).toBe(false);
        }
      }
    }
  });

  it('says in Chinese what the after-sale is and what is needed', () => {
    expect(afterSaleTransition({ status: 'returned', type: 'return' }, 'cancel')).toEqual({
      ok: false, reason: '售后单当前为待卖家收货，不能撤销申请（买家退货后或卖家退款时不能撤销，请联系卖家）',
    });
    expect(afterSaleTransition({ status: 'pending', type: 'refund' }, 'deliver')).toEqual({
      ok: false, reason: '售后单当前为待卖家处理，不能退货（仅退款的售后无需退货）',
    });
    expect(afterSaleTransition({ status: 'completed', type: 'refund' }, 'close').ok).toBe(false);
  });

  it('offers each side only its own moves', () => {
    expect(availableAfterSaleActions({ status: 'pending', type: 'return' }, 'seller')).toEqual(['agree', 'reject']);
    expect(availableAfterSaleActions({ status: 'pending', type: 'return' }, 'buyer')).toEqual(['cancel']);
    expect(availableAfterSaleActions({ status: 'awaiting_return', type: 'return' }, 'buyer')).toEqual(['cancel', 'deliver']);
    expect(availableAfterSaleActions({ status: 'returned', type: 'return' }, 'seller')).toEqual(['receipt']);
    expect(availableAfterSaleActions({ status: 'refunding', type: 'refund' }, 'seller')).toEqual(['complete']);
    expect(availableAfterSaleActions({ status: 'refunding', type: 'refund' }, 'operator')).toEqual(['close']);
    expect(availableAfterSaleActions({ status: 'completed', type: 'refund' }, 'seller')).toEqual([]);
  });

  it('open states hold the line; closed ones give it back', () => {
    expect(AFTERSALE_STATUSES.filter(isOpen)).toEqual(['pending', 'awaiting_return', 'returned', 'refunding']);
  });
});

describe('after-sale quantities and window', () => {
  it('a line offers what was bought minus what completed after-sales took back, and names the open one', () => {
    const line = { id: 7, qty: 5 };
    expect(lineAvailability(line, [])).toEqual({ available: 5, openAsNo: null });
    expect(lineAvailability(line, [
      { orderLineId: 7, qty: 2, status: 'completed', asNo: 'AS1' },
      { orderLineId: 7, qty: 3, status: 'rejected', asNo: 'AS2' },
      { orderLineId: 8, qty: 5, status: 'completed', asNo: 'AS3' },
    ])).toEqual({ available: 3, openAsNo: null });
    expect(lineAvailability(line, [{ orderLineId: 7, qty: 1, status: 'returned', asNo: 'AS4' }])).toEqual({ available: 5, openAsNo: 'AS4' });
    expect(lineAvailability(line, [{ orderLineId: 7, qty: 5, status: 'completed', asNo: 'AS5' }]).available).toBe(0);
  });

  it('only shipped, received or completed orders, within the window after receipt', () => {
    const now = 1_800_000_000;
    expect(orderAfterSaleRefusal({ status: 'confirmed', receivedAt: 0 }, now)).toBe('订单当前为已确认，发货后才能申请售后');
    expect(orderAfterSaleRefusal({ status: 'shipped', receivedAt: 0 }, now)).toBeNull();
    const received = now - AFTERSALE_WINDOW_DAYS * 86_400;
    expect(orderAfterSaleRefusal({ status: 'received', receivedAt: received }, now)).toBeNull();
    expect(orderAfterSaleRefusal({ status: 'completed', receivedAt: received - 1 }, now)).toBe(`已超过售后期限（确认收货后${AFTERSALE_WINDOW_DAYS}天内可申请）`);
    expect(afterSaleWindowEnd(received)).toBe(now);
    expect(afterSaleWindowEnd(0)).toBe(0);
  });
});
