import { describe, expect, it } from 'vitest';
import {
  ACTION_SIDE, ALREADY_PAID, availableActions, orderTransition, ORDER_STATUSES, owes, PAY_STATUSES, PHONE_RE, releasesStock,
  type OrderAction, type OrderState,
} from './orders';

const st = (status: OrderState['status'], payStatus: OrderState['payStatus'] = 'unpaid'): OrderState => ({ status, payStatus });

/** Every allowed move, as [from, pay, action, to, pay after]; everything else must be refused. */
const ALLOWED: Array<[OrderState['status'], OrderState['payStatus'], OrderAction, OrderState['status'], OrderState['payStatus']]> = [
  ['pending', 'unpaid', 'confirm', 'confirmed', 'unpaid'],
  ['pending', 'unpaid', 'reject', 'rejected', 'unpaid'],
  ['pending', 'unpaid', 'cancel', 'cancelled', 'unpaid'],
  ['confirmed', 'unpaid', 'deliver', 'shipped', 'unpaid'],
  ['confirmed', 'paid', 'deliver', 'shipped', 'paid'],
  ['confirmed', 'unpaid', 'pay', 'confirmed', 'paid'],
  ['shipped', 'unpaid', 'pay', 'shipped', 'paid'],
  ['shipped', 'unpaid', 'receipt', 'received', 'unpaid'],
  ['shipped', 'paid', 'receipt', 'completed', 'paid'],
  ['received', 'unpaid', 'pay', 'completed', 'paid'],
  // paid online before the seller accepted (docs/money.md, "Paying orders"): a cancel or reject refunds it
  ['pending', 'paid', 'confirm', 'confirmed', 'paid'],
  ['pending', 'paid', 'reject', 'rejected', 'paid'],
  ['pending', 'paid', 'cancel', 'cancelled', 'paid'],
  ['pending', 'unpaid', 'pay_online', 'pending', 'paid'],
  ['confirmed', 'unpaid', 'pay_online', 'confirmed', 'paid'],
  ['shipped', 'unpaid', 'pay_online', 'shipped', 'paid'],
  ['received', 'unpaid', 'pay_online', 'completed', 'paid'],
];

const ACTIONS = Object.keys(ACTION_SIDE) as OrderAction[];

describe('order state machine', () => {
  it('allows exactly the designed moves', () => {
    for (const status of ORDER_STATUSES) {
      for (const pay of PAY_STATUSES) {
        // the state no move leads to: completed without payment
        if (pay === 'unpaid' && status === 'completed') continue;
        for (const action of ACTIONS) {
          const allowed = ALLOWED.find(([f, p, a]) => f === status && p === pay && a === action);
          const r = orderTransition(st(status, pay), action);
          if (allowed) expect(r, `${status}/${pay} ${action}`).toEqual({ ok: true, to: { status: allowed[3], payStatus: allowed[4] } });
          else expect(r.ok, `${status}/${pay} ${action}`).toBe(false);
        }
      }
    }
  });

  it('explains a refusal in Chinese with the current status', () => {
    expect(orderTransition(st('confirmed'), 'cancel')).toEqual({ ok: false, reason: '订单当前为已确认，不能取消订单（卖家确认后不能取消，请联系卖家）' });
    expect(orderTransition(st('shipped', 'paid'), 'pay')).toEqual({ ok: false, reason: '订单当前为已发货、已付款，不能登记线下收款（该订单已登记收款）' });
    expect(orderTransition(st('pending'), 'pay')).toEqual({ ok: false, reason: '订单当前为待确认，不能登记线下收款（请先确认订单）' });
    expect(orderTransition(st('completed', 'paid'), 'receipt').ok).toBe(false);
  });

  it('the buyer pays online while the order is pending, confirmed, shipped or received and unpaid; a received one completes', () => {
    expect(orderTransition(st('pending'), 'pay_online')).toEqual({ ok: true, to: { status: 'pending', payStatus: 'paid' } });
    expect(orderTransition(st('confirmed'), 'pay_online')).toEqual({ ok: true, to: { status: 'confirmed', payStatus: 'paid' } });
    expect(orderTransition(st('shipped'), 'pay_online')).toEqual({ ok: true, to: { status: 'shipped', payStatus: 'paid' } });
    expect(orderTransition(st('received'), 'pay_online')).toEqual({ ok: true, to: { status: 'completed', payStatus: 'paid' } });
    expect(orderTransition(st('shipped', 'paid'), 'pay_online')).toEqual({ ok: false, reason: ALREADY_PAID });
    expect(orderTransition(st('cancelled'), 'pay_online').ok).toBe(false);
    expect(orderTransition(st('rejected'), 'pay_online').ok).toBe(false);
    expect(ACTION_SIDE.pay_online).toBe('buyer');
  });

  it('offers each side only its own possible actions', () => {
    expect(availableActions(st('pending'), 'seller')).toEqual(['confirm', 'reject']);
    expect(availableActions(st('pending'), 'buyer')).toEqual(['cancel', 'pay_online']);
    expect(availableActions(st('pending', 'paid'), 'buyer')).toEqual(['cancel']);
    expect(availableActions(st('confirmed'), 'seller')).toEqual(['deliver', 'pay']);
    expect(availableActions(st('confirmed'), 'buyer')).toEqual(['pay_online']);
    expect(availableActions(st('shipped'), 'buyer')).toEqual(['receipt', 'pay_online']);
    expect(availableActions(st('shipped', 'paid'), 'buyer')).toEqual(['receipt']);
    expect(availableActions(st('received'), 'seller')).toEqual(['pay']);
    expect(availableActions(st('completed', 'paid'), 'seller')).toEqual([]);
    expect(availableActions(st('cancelled'), 'buyer')).toEqual([]);
  });

  it('returns stock only on cancel and reject; money is owed only on accepted unpaid orders', () => {
    expect(ORDER_STATUSES.filter(releasesStock)).toEqual(['cancelled', 'rejected']);
    expect(owes(st('pending'))).toBe(false);
    expect(owes(st('confirmed'))).toBe(true);
    expect(owes(st('received'))).toBe(true);
    expect(owes(st('shipped', 'paid'))).toBe(false);
    expect(owes(st('rejected'))).toBe(false);
  });

  it('phone numbers: mobiles and landlines with area code', () => {
    for (const ok of ['13812345678', '0755-12345678', '01012345678', '021-1234567']) expect(PHONE_RE.test(ok), ok).toBe(true);
    for (const bad of ['12812345678', '1381234567', '755-12345678', 'abc', '138 1234 5678']) expect(PHONE_RE.test(bad), bad).toBe(false);
  });
});
