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
import type { QueryClient } from '@tanstack/react-query';
import type { CartItem } from '../../../shared/contracts';
import { request } from '../../api/request';
import { sessionDraft } from '../../local/session-draft';
import { cartKeys } from '../cart/queries';
import { orderKeys } from './queries';

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

/**
 * 提交订单, the same on the desktop and the phone: the ticked lines at the total the page showed,
 * under the draft's Idempotency-Key; once placed, the draft goes and the cart and orders are read
 * again. The answer's checkout number, or the refusal as thrown by the request.
 */
export const submitCheckout = async (queryClient: QueryClient, p: {
  userUuid: string; draft: CheckoutDraft; lineIds: number[]; totalFen: number; typeCode: '配件产品' | '临时产品'; sellerIds: number[];
}) => {
  const answer = await request('post', 'cartSubmit', {
    cart_ids: p.lineIds, expected_total_fen: p.totalFen, type_code: p.typeCode,
    contact_name: p.draft.contact_name, contact_phone: p.draft.contact_phone, address: p.draft.address,
    remarks: p.sellerIds.map((id) => ({ company_id: id, remark: p.draft.remarks[id] ?? '' })).filter((r) => r.remark.trim() !== ''),
  }, undefined, { idempotencyKey: p.draft.key, silent: true });
  clearDraft(p.userUuid);
  await queryClient.invalidateQueries({ queryKey: cartKeys.all() });
  await queryClient.invalidateQueries({ queryKey: orderKeys.all() });
  return answer;
};
