/**
 * Who may open points (docs/points.md), apart from the rules and texts of ./points.ts: the menus
 * and route guards read these while the entry loads.
 */
import { ACCOUNTING_CODES } from './membership';
import { PURCHASE_ORDER_CODES } from './orders';

/** Who of a company sees and spends its points: a purchasing or an accounting code. */
export const POINTS_CODES: readonly string[] = [...PURCHASE_ORDER_CODES, ...ACCOUNTING_CODES];

/** The operator's codes of the 积分 group (D10): accounts and rules, redemptions, products. */
export const OP_POINTS_CODES = {
  companies: ['D10', 'D10-01'],
  orders: ['D10', 'D10-02'],
  products: ['D10', 'D10-03'],
} as const satisfies Record<string, readonly string[]>;
