/**
 * The permission codes of the calls' access rules, apart from their schemas: the client's route
 * guards read them while the route tree loads, and the contract modules would bring every schema
 * of theirs into the entry bundle. Each contract module re-exports its own.
 */
import { FINANCE_CODES, PURCHASE_ORDER_CODES, SALES_ORDER_CODES } from '../domain/orders';

export const CART_CODES = ['C09', 'M02'] as const;
export const CIRCLE_CODES = ['C12', 'M05'] as const;
export const ENQUIRY_CODES = ['C07', 'C08'] as const;
export const QUOTE_CODES = ['M10', 'M12'] as const;
export const ORG_CODES = ['M06'] as const;
export const ENTERPRISE_CODES = ['M07'] as const;
export const WANTED_CODES = ['C07', 'C15'] as const;
/** 发票: the buyer's side (titles, requests) and the seller's (issue, refuse), docs/money.md#invoices */
export const INVOICE_BUYER_CODES: readonly string[] = [...PURCHASE_ORDER_CODES, ...FINANCE_CODES];
export const INVOICE_SELLER_CODES: readonly string[] = [...SALES_ORDER_CODES, ...FINANCE_CODES];
export const INVOICE_CODES: readonly string[] = [...new Set([...INVOICE_BUYER_CODES, ...INVOICE_SELLER_CODES])];
/** an invoice request's number: IV + China time + 6 digits */
export const INVOICE_REQUEST_NO_RE = /^IV\d{20}$/;
