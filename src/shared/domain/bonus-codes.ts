/**
 * Who may open the performance bonus (业绩奖励, docs/bonus.md), apart from the rules of ./bonus.ts:
 * the menus and route guards read these while the entry loads.
 */
import { ACCOUNTING_CODES } from './membership';

/** Who of a seller sees its own bonus: the owner or an accounting code (the wallet's holders). */
export const BONUS_CODES: readonly string[] = [...ACCOUNTING_CODES];

/**
 * The operator's codes of the 业绩奖励 pages, in the 活动 group (D08; D08-01 is the ad slots):
 * D08-02 sets the rules and settles months (money leaves the platform), D08-03 reads the running
 * figures and the settled months.
 */
export const OP_BONUS_CODES = {
  manage: ['D08', 'D08-02'],
  read: ['D08', 'D08-02', 'D08-03'],
} as const satisfies Record<string, readonly string[]>;
