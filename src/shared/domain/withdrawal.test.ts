import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { accountNoProblem, cardLabel, holderProblem, luhnOk, maskAccountNo, normalizeAccountNo, withdrawalNext, withdrawalText } from './withdrawal';
import { bankCardAddPayload, endpoints } from '../contracts';

describe('bank card rules', () => {
  it('checks a personal card by length and its Luhn digit, after dropping spaces and dashes', () => {
    expect(normalizeAccountNo('6222 0200-0000 0030 007')).toBe('6222020000000030007');
    expect(luhnOk('6222020000000030007')).toBe(true);
    expect(luhnOk('6222020000000030008')).toBe(false);
    expect(accountNoProblem('personal', '6222 0200 0000 0030 007')).toBeNull();
    expect(accountNoProblem('personal', '6222 0200 0000 0030 008')).toBe(withdrawalText.personalLuhn);
    expect(accountNoProblem('personal', '622202000000')).toBe(withdrawalText.personalLength);
    expect(accountNoProblem('personal', '')).toBe(withdrawalText.accountEmpty);
    expect(accountNoProblem('personal', '6222O20000000030007')).toBe(withdrawalText.accountDigits);
  });

  it('takes a corporate account of 8 to 30 digits without a check digit, held in the company name', () => {
    expect(accountNoProblem('corporate', '11014987654321')).toBeNull();
    expect(accountNoProblem('corporate', '1234567')).toBe(withdrawalText.corporateLength);
    expect(accountNoProblem('corporate', '1'.repeat(31))).toBe(withdrawalText.corporateLength);
    expect(holderProblem('corporate', '上海申通汽车维修服务有限公司', '上海申通汽车维修服务有限公司')).toBeNull();
    expect(holderProblem('corporate', '上海申通（汽修）', '上海申通(汽修)')).toBeNull();
    expect(holderProblem('corporate', '张三', '上海申通')).toBe(withdrawalText.corporateHolder('上海申通'));
    expect(holderProblem('personal', '张三', '上海申通')).toBeNull();
  });

  it('shows a card by its bank and last four digits, and a number masked in the middle', () => {
    expect(cardLabel({ bank_name: '招商银行', account_no: '11014987654321' })).toBe('招商银行 尾号 4321');
    expect(maskAccountNo('6222020000000030007')).toBe('6222 **** 0007');
  });

  it('the add payload puts the number problem under account_no and sends digits only', () => {
    const bad = v.safeParse(bankCardAddPayload, { kind: 'personal', holder_name: '张三', bank_name: '中国银行', account_no: '6222 0200 0000 0030 008' });
    expect(bad.success).toBe(false);
    expect(bad.issues?.[0].message).toBe(withdrawalText.personalLuhn);
    const ok = v.parse(bankCardAddPayload, { kind: 'personal', holder_name: ' 张三 ', bank_name: '中国银行', account_no: '6222 0200 0000 0030 007' });
    expect(ok).toEqual({ kind: 'personal', holder_name: '张三', bank_name: '中国银行', account_no: '6222020000000030007' });
  });
});

describe('withdrawal rules', () => {
  it('refuses negative, fractional and out-of-range fen with the Chinese message', () => {
    for (const amount_fen of [-100, 150.5, 0, 99, 50_000_001, '1.5', 'abc']) {
      const r = v.safeParse(endpoints.withdrawalApply.payload, { bank_card_id: 1, amount_fen });
      expect(r.success, String(amount_fen)).toBe(false);
      expect(r.issues?.[0].message).toBe(withdrawalText.amountFen);
    }
    expect(v.parse(endpoints.withdrawalApply.payload, { bank_card_id: 1, amount_fen: '100' })).toEqual({ bank_card_id: 1, amount_fen: 100 });
  });

  it('lets an operator approve only an applied one, pay only an approved one, reject either before it is paid', () => {
    expect(withdrawalNext('applied')).toEqual({ approve: true, pay: false, reject: true });
    expect(withdrawalNext('approved')).toEqual({ approve: false, pay: true, reject: true });
    expect(withdrawalNext('paid')).toEqual({ approve: false, pay: false, reject: false });
    expect(withdrawalNext('rejected')).toEqual({ approve: false, pay: false, reject: false });
  });

  it('an adjustment is a non-zero whole number of fen either way, with a reason', () => {
    const p = endpoints.opAdjustmentCreate.payload;
    expect(v.safeParse(p, { company_id: 3, amount_fen: 0, reason: '补录' }).success).toBe(false);
    expect(v.safeParse(p, { company_id: 3, amount_fen: 1.5, reason: '补录' }).success).toBe(false);
    expect(v.safeParse(p, { company_id: 3, amount_fen: -500, reason: '' }).success).toBe(false);
    expect(v.parse(p, { company_id: 3, amount_fen: -500, reason: '冲回' })).toEqual({ company_id: 3, amount_fen: -500, reason: '冲回' });
  });
});
