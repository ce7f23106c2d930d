/**
 * The ledger's rules, without a database (docs/money.md): what a posting must look like before it
 * is written. The database refuses the same things again (migration 0300); these rules give the
 * caller a clear refusal first.
 */

export const ACCOUNT_KINDS = ['wallet_available', 'wallet_frozen', 'cash_pledge_held', 'platform_clearing', 'provider', 'fee_income', 'vnd_wallet', 'vnd_provider', 'fx'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** The currencies the ledger holds (docs/money.md#money-in-dong): CNY accounts in fen, VND accounts in whole dong. */
export const CURRENCIES = ['CNY', 'VND'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Accounts that belong to a company; the others are the platform's, or a provider's. */
export const COMPANY_KINDS: readonly AccountKind[] = ['wallet_available', 'wallet_frozen', 'cash_pledge_held', 'vnd_wallet'];

/** Kinds that hold dong; the FX pair (`fx`) has one account per currency; every other kind holds CNY. */
export const VND_KINDS: readonly AccountKind[] = ['vnd_wallet', 'vnd_provider'];

/**
 * Only a provider's account (CNY or dong) and the platform's FX pair may stand below zero: they
 * mirror money outside the platform's holders (what came in through a provider, what a conversion
 * turned into the other currency).
 */
export const mayGoNegative = (kind: AccountKind) => kind === 'provider' || kind === 'vnd_provider' || kind === 'fx';

/** The currency of a line: its own for the FX pair, the kind's otherwise. */
export const lineCurrency = (l: { kind: AccountKind; currency?: Currency }): Currency =>
  l.kind === 'fx' ? (l.currency ?? 'CNY') : VND_KINDS.includes(l.kind) ? 'VND' : 'CNY';

/**
 * Every transaction kind and the accounts it may move money from (lowered) and to (raised). A
 * posting of a kind that moves money between other accounts is refused: a recharge can only
 * raise a wallet from a provider, whatever a caller asks.
 */
export const TRANSACTION_SHAPES = {
  recharge: { from: ['provider'], to: ['wallet_available'] },
  order_payment: { from: ['wallet_available', 'provider'], to: ['platform_clearing'] },
  order_payout: { from: ['platform_clearing'], to: ['wallet_available', 'fee_income'] },
  order_refund: { from: ['platform_clearing', 'wallet_available'], to: ['wallet_available', 'provider'] },
  withdrawal_freeze: { from: ['wallet_available'], to: ['wallet_frozen'] },
  withdrawal_release: { from: ['wallet_frozen'], to: ['wallet_available'] },
  withdrawal_payout: { from: ['wallet_frozen'], to: ['provider'] },
  cash_pledge_pay: { from: ['wallet_available', 'provider'], to: ['cash_pledge_held'] },
  cash_pledge_deduct: { from: ['cash_pledge_held'], to: ['wallet_available', 'fee_income'] },
  cash_pledge_return: { from: ['cash_pledge_held'], to: ['wallet_available'] },
  // paid services bought from the wallet or through a provider (docs/money.md#paid-services)
  fee: { from: ['wallet_available', 'platform_clearing', 'provider'], to: ['fee_income'] },
  adjustment: { from: ACCOUNT_KINDS, to: ACCOUNT_KINDS },
  // a platform voucher paid to the seller from the platform's voucher budget (provider 'voucher'; docs/vouchers.md)
  voucher_subsidy: { from: ['provider'], to: ['wallet_available'] },
  // a seller's performance bonus for a settled month, from the platform's bonus budget (provider 'bonus'; docs/bonus.md)
  bonus: { from: ['provider'], to: ['wallet_available'] },
  // a Vietnamese company's dong wallet recharged through a provider (docs/money.md#money-in-dong)
  vnd_recharge: { from: ['vnd_provider'], to: ['vnd_wallet'] },
  // a mall order paid from the dong wallet: dong into fx VND, fen out of fx CNY into clearing (the goods) and fee income (the service charge)
  vnd_order_payment: { from: ['vnd_wallet', 'fx'], to: ['fx', 'platform_clearing', 'fee_income'] },
  // its refund: fen back from clearing or the seller (and fee income for the service charge) into fx CNY, dong out of fx VND into the dong wallet
  vnd_order_refund: { from: ['platform_clearing', 'wallet_available', 'fee_income', 'fx'], to: ['fx', 'vnd_wallet'] },
} as const satisfies Record<string, { from: readonly AccountKind[]; to: readonly AccountKind[] }>;
export type TransactionKind = keyof typeof TRANSACTION_SHAPES;
export const TRANSACTION_KINDS = Object.keys(TRANSACTION_SHAPES) as TransactionKind[];

/** The largest amount one entry may carry: 10 billion yuan, far inside a bigint and a double's exact integers. */
export const MAX_ENTRY_FEN = 1_000_000_000_000;

export interface PostingLine {
  account_id: number;
  kind: AccountKind;
  /** in the account's unit: fen for CNY, whole dong for VND */
  amount_fen: number;
  /** only the FX pair names it; every other kind has its own (lineCurrency) */
  currency?: Currency;
}

/** Why a posting is malformed (a programming error of the caller, not a user's), or null. */
export const postingProblem = (kind: string, lines: readonly PostingLine[]): string | null => {
  const shape = (TRANSACTION_SHAPES as Record<string, { from: readonly AccountKind[]; to: readonly AccountKind[] }>)[kind];
  if (!shape) return `unknown transaction kind ${kind}`;
  if (lines.length < 2) return 'a transaction needs at least two entries';
  const seen = new Set<number>();
  const totals = new Map<Currency, number>();
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amount_fen) || l.amount_fen === 0 || Math.abs(l.amount_fen) > MAX_ENTRY_FEN) return `entry amount ${l.amount_fen} is not a whole, non-zero number of fen`;
    if (seen.has(l.account_id)) return `account ${l.account_id} appears twice`;
    seen.add(l.account_id);
    const allowed = l.amount_fen < 0 ? shape.from : shape.to;
    if (!allowed.includes(l.kind)) return `${kind} may not ${l.amount_fen < 0 ? 'lower' : 'raise'} a ${l.kind} account`;
    const c = lineCurrency(l);
    totals.set(c, (totals.get(c) ?? 0) + l.amount_fen);
  }
  // balanced per currency: a conversion balances its dong through fx VND and its fen through fx CNY
  for (const [c, total] of totals) if (total !== 0) return `entries sum to ${total}${c === 'CNY' ? '' : ` ${c}`}, not zero`;
  return null;
};

/** The accounts a posting would take below their floor, with what each holds and needs. */
export const shortfalls = (lines: readonly PostingLine[], balances: ReadonlyMap<number, number>) =>
  lines.flatMap((l) => {
    const balance = balances.get(l.account_id) ?? 0;
    return !mayGoNegative(l.kind) && balance + l.amount_fen < 0 ? [{ account_id: l.account_id, kind: l.kind, balance_fen: balance, need_fen: -l.amount_fen }] : [];
  });

/** Accounts are locked in ascending id order, the same for every writer, so two postings never wait on each other in a circle. */
export const lockOrder = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** Whether two postings are the same movement (a replay): same kind, reference and entries in any order. */
export const samePosting = (
  a: { kind: string; reference: string; lines: ReadonlyArray<{ account_id: number; amount_fen: number }> },
  b: { kind: string; reference: string; lines: ReadonlyArray<{ account_id: number; amount_fen: number }> },
) => {
  const key = (ls: ReadonlyArray<{ account_id: number; amount_fen: number }>) => [...ls].map((l) => `${l.account_id}:${l.amount_fen}`).sort().join(',');
  return a.kind === b.kind && a.reference === b.reference && key(a.lines) === key(b.lines);
};
