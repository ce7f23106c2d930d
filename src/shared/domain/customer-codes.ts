/**
 * The permission codes of customers and suppliers (docs/customers.md), on their own: the menus
 * and the back-office rule need only these, not the rest of customer.ts (the entry bundle).
 */
import { PURCHASE_ORDER_CODES } from './orders';

/** 邀请、客户: the seller's side of M04. */
export const CUSTOMER_CODES = ['M04'] as const;
/** 供应商: M04, or whoever buys for the company (a repair shop's owner has no M04, docs/customers.md). */
export const SUPPLIER_CODES = ['M04', ...PURCHASE_ORDER_CODES] as const;
