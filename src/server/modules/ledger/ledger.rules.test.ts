import { describe, expect, it } from 'vitest';
import { lockOrder, postingProblem, samePosting, shortfalls, TRANSACTION_KINDS, type PostingLine } from './ledger.rules';

const provider = (amount_fen: number): PostingLine => ({ account_id: 1, kind: 'provider', amount_fen });
const wallet = (amount_fen: number, account_id = 2): PostingLine => ({ account_id, kind: 'wallet_available', amount_fen });
const clearing = (amount_fen: number): PostingLine => ({ account_id: 3, kind: 'platform_clearing', amount_fen });

describe('the ledger rules', () => {
  it('accepts a posting of two or more entries that sum to zero, in the shape of its kind', () => {
    expect(postingProblem('recharge', [provider(-100), wallet(100)])).toBeNull();
    expect(postingProblem('order_payment', [wallet(-100), clearing(100)])).toBeNull();
    expect(postingProblem('order_payout', [clearing(-100), wallet(97), { account_id: 9, kind: 'fee_income', amount_fen: 3 }])).toBeNull();
  });

  it('lets a paid service be bought from the wallet or through a provider, into fee income only', () => {
    const fee = (amount_fen: number): PostingLine => ({ account_id: 9, kind: 'fee_income', amount_fen });
    expect(postingProblem('fee', [wallet(-100), fee(100)])).toBeNull();
    expect(postingProblem('fee', [provider(-100), fee(100)])).toBeNull();
    expect(postingProblem('fee', [provider(-100), wallet(100)])).toMatch(/may not raise a wallet_available/);
  });

  it('refuses an unbalanced posting, a single entry, zero, fractional or unsafe amounts and a repeated account', () => {
    expect(postingProblem('recharge', [provider(-100), wallet(99)])).toMatch(/sum to -1/);
    expect(postingProblem('recharge', [wallet(100)])).toMatch(/at least two/);
    expect(postingProblem('recharge', [provider(0), wallet(0)])).toMatch(/non-zero/);
    expect(postingProblem('recharge', [provider(-0.5), wallet(0.5)])).toMatch(/whole/);
    expect(postingProblem('recharge', [provider(-(2 ** 60)), wallet(2 ** 60)])).toMatch(/whole/);
    expect(postingProblem('recharge', [provider(-100), wallet(50), wallet(50)])).toMatch(/twice/);
  });

  it('refuses a kind moving money between accounts it may not touch, and unknown kinds', () => {
    expect(postingProblem('recharge', [wallet(-100, 5), wallet(100)])).toMatch(/may not lower a wallet_available/);
    expect(postingProblem('order_payment', [clearing(-100), wallet(100)])).toMatch(/may not lower a platform_clearing/);
    expect(postingProblem('gift', [provider(-100), wallet(100)])).toMatch(/unknown/);
    expect(TRANSACTION_KINDS).toContain('withdrawal_freeze');
  });

  it('finds wallets a posting would take below zero; a provider may go below', () => {
    const balances = new Map([[1, 0], [2, 500]]);
    expect(shortfalls([wallet(-500), clearing(500)], balances)).toEqual([]);
    expect(shortfalls([wallet(-501), clearing(501)], balances)).toEqual([{ account_id: 2, kind: 'wallet_available', balance_fen: 500, need_fen: 501 }]);
    expect(shortfalls([provider(-10_000), wallet(10_000)], balances)).toEqual([]);
  });

  it('locks accounts in one ascending order, whatever order a posting names them in', () => {
    expect(lockOrder([7, 3, 5, 3])).toEqual([3, 5, 7]);
  });

  it('knows a replay: the same kind, reference and entries in any order', () => {
    const a = { kind: 'recharge', reference: 'RC1', lines: [{ account_id: 1, amount_fen: -5 }, { account_id: 2, amount_fen: 5 }] };
    expect(samePosting(a, { ...a, lines: [...a.lines].reverse() })).toBe(true);
    expect(samePosting(a, { ...a, reference: 'RC2' })).toBe(false);
    expect(samePosting(a, { ...a, lines: [{ account_id: 1, amount_fen: -6 }, { account_id: 2, amount_fen: 6 }] })).toBe(false);
  });

  it('balances each currency on its own: dong through the dong kinds, a conversion through the FX pair (docs/money.md#money-in-dong)', () => {
    const vndProvider = (amount_fen: number): PostingLine => ({ account_id: 11, kind: 'vnd_provider', amount_fen });
    const vndWallet = (amount_fen: number): PostingLine => ({ account_id: 12, kind: 'vnd_wallet', amount_fen });
    const fx = (amount_fen: number, currency: 'CNY' | 'VND'): PostingLine => ({ account_id: currency === 'CNY' ? 13 : 14, kind: 'fx', amount_fen, currency });
    expect(postingProblem('vnd_recharge', [vndProvider(-1_000_000), vndWallet(1_000_000)])).toBeNull();
    // a dong recharge may not raise a CNY wallet, and a CNY recharge may not raise a dong one
    expect(postingProblem('vnd_recharge', [vndProvider(-100), wallet(100)])).toMatch(/may not raise a wallet_available/);
    expect(postingProblem('recharge', [provider(-100), vndWallet(100)])).toMatch(/may not raise a vnd_wallet/);
    // 1 000 000 dong at 3618.5 dong per yuan is 27 636 fen: each currency sums to zero, the two are never added
    const conversion = [vndWallet(-1_000_000), fx(1_000_000, 'VND'), fx(-27_636, 'CNY'), clearing(27_636)];
    expect(postingProblem('adjustment', conversion)).toBeNull();
    // fen and dong that happen to sum to zero together do not balance
    expect(postingProblem('adjustment', [vndWallet(-100), wallet(100)])).toMatch(/sum to 100, not zero|sum to -100 VND/);
    expect(postingProblem('adjustment', [vndWallet(-1_000_000), fx(1_000_000, 'VND'), fx(-27_636, 'CNY'), clearing(27_635)])).toMatch(/sum to -1, not zero/);
  });

  it('lets the FX pair and the dong side of a provider go below zero, never a dong wallet', () => {
    const balances = new Map([[12, 500]]);
    expect(shortfalls([{ account_id: 12, kind: 'vnd_wallet', amount_fen: -501 }, { account_id: 14, kind: 'fx', amount_fen: 501, currency: 'VND' }], balances))
      .toEqual([{ account_id: 12, kind: 'vnd_wallet', balance_fen: 500, need_fen: 501 }]);
    expect(shortfalls([{ account_id: 13, kind: 'fx', amount_fen: -99, currency: 'CNY' }, clearing(99)], balances)).toEqual([]);
    expect(shortfalls([{ account_id: 11, kind: 'vnd_provider', amount_fen: -99 }, { account_id: 12, kind: 'vnd_wallet', amount_fen: 99 }], balances)).toEqual([]);
  });
});
