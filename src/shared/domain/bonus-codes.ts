/**
 * Who may open the performance bonus (业绩奖励, docs/bonus.md), apart from the rules of ./bonus.ts:
 * the menus and route guards read these while the entry loads.
 */
import { ACCOUNTING_CODES } from './membership';

/** Who of a seller sees its own bonus: the owner or an accounting code (the wallet's holders). */
export const BONUS_CODES: readonly string[] = [...ACCOUNTING_CODES];

/**
 * The operator's codes of the 业绩奖励 pages, in the 支付 group (D05), since a settlement pays
 * platform money into wallets: D05-03 (账户、调账与对账) sets the rules and settles months, D05-01
 * (支付记录) reads the running figures and the settled months; the group code D05 does both.
 */
export const OP_BONUS_CODES = {
  manage: ['D05', 'D05-03'],
  read: ['D05', 'D05-01', 'D05-03'],
} as const satisfies Record<string, readonly string[]>;
