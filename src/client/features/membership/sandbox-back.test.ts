import { describe, expect, it } from 'vitest';
import { sandboxBackLabel } from './sandbox-back';

describe('the sandbox checkout\'s back link', () => {
  it('names the page the number returns to', () => {
    expect(sandboxBackLabel('/backend/accounting/wallet?recharge=RC20261128100000000001')).toBe('返回钱包');
    expect(sandboxBackLabel('/backend/accounting/cashpledge?payment=CP20261128100000000001')).toBe('返回保证金');
    expect(sandboxBackLabel('/backend/accounting/service?purchase=SV20261128100000000001')).toBe('返回付费服务');
    expect(sandboxBackLabel('/backend/order/detail/SO20261128100000000001?payment=OP20261128100000000001')).toBe('返回订单');
    expect(sandboxBackLabel('/pay/package/order?order_no=PK20261128100000000001')).toBe('返回订单');
    expect(sandboxBackLabel('/vnwallet?recharge=VR20261128100000000001')).toBe('返回越南盾钱包');
  });
});
