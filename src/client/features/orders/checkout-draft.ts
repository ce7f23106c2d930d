/**
 * The order form's draft in sessionStorage, per user: contact, address, remarks per seller, the
 * Idempotency-Key of the submit and the unit price of each line as the buyer was shown it. It
 * survives a refused submit and a reload of the tab, and is dropped when the orders are placed; the
 * key lives until then, so a submit whose answer was lost replays the same orders instead of placing
 * them twice. The shown prices let the page say which price changed since the buyer looked (a form
 * filled from the offline copy of the cart, then opened again online) instead of taking the new one
 * silently: the buyer accepts the new prices before the order can go.
 */
import * as v from 'valibot';
import type { CartItem } from '../../../shared/contracts';
import { sessionDraft } from '../../local/session-draft';

const draftSchema = v.object({
  contact_name: v.string(),
  contact_phone: v.string(),
  address: v.string(),
  remarks: v.record(v.string(), v.string()),
  key: v.string(),
  /** cart line id → the unit price (fen, null: none) the buyer was shown */
  shown: v.optional(v.record(v.string(), v.nullable(v.number())), {}),
});
export type CheckoutDraft = v.InferOutput<typeof draftSchema>;

export const emptyDraft = (): CheckoutDraft => ({ contact_name: '', contact_phone: '', address: '', remarks: {}, key: crypto.randomUUID(), shown: {} });

type PricedLine = Pick<CartItem, 'id' | 'supplierOe' | 'name' | 'price' | 'qty' | 'stockQty'>;

export interface LineChange {
  id: number;
  label: string;
  /** the unit price the buyer was shown and the one that holds now; equal when only stock is short */
  was: number | null;
  now: number | null;
  /** what the seller has now, when that is less than the quantity ordered */
  shortOf: number | null;
}

/**
 * What changed since the buyer was shown the lines: a unit price other than the one shown, or stock
 * now below the quantity. Lines never shown yet are not changes (they are shown now).
 */
export const lineChanges = (shown: CheckoutDraft['shown'], lines: PricedLine[]): LineChange[] =>
  lines.flatMap((l) => {
    const priced = String(l.id) in shown && shown[l.id] !== l.price;
    const short = l.stockQty < l.qty;
    if (!priced && !short) return [];
    return [{ id: l.id, label: `${l.supplierOe} ${l.name}`.trim(), was: priced ? shown[l.id] : l.price, now: l.price, shortOf: short ? l.stockQty : null }];
  });

/**
 * The shown prices after the page has drawn these lines: lines new to the form take the price on
 * screen, a changed price keeps the old one until the buyer accepts (`accept`), and lines no longer
 * in the form are forgotten. The same object when nothing changes, so it can feed a state update.
 */
export const nextShown = (shown: CheckoutDraft['shown'], lines: PricedLine[], accept = false): CheckoutDraft['shown'] => {
  const next: CheckoutDraft['shown'] = {};
  for (const l of lines) next[l.id] = accept || !(String(l.id) in shown) ? l.price : shown[l.id];
  const keys = Object.keys(next);
  return keys.length === Object.keys(shown).length && keys.every((k) => shown[k] === next[k]) ? shown : next;
};

const store = sessionDraft(draftSchema, 'checkout', emptyDraft);

export const loadDraft = (userUuid: string): CheckoutDraft => store.load(userUuid);
export const saveDraft = (userUuid: string, d: CheckoutDraft) => store.save(userUuid, d);
export const clearDraft = (userUuid: string) => store.clear(userUuid);
