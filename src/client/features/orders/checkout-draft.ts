/**
 * The order form's draft in sessionStorage, per user: contact, address, remarks per seller and the
 * Idempotency-Key of the submit. It survives a refused submit and a reload of the tab, and is
 * dropped when the orders are placed; the key lives until then, so a submit whose answer was lost
 * replays the same orders instead of placing them twice.
 */
import * as v from 'valibot';
import type { QueryClient } from '@tanstack/react-query';
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
});
export type CheckoutDraft = v.InferOutput<typeof draftSchema>;

export const emptyDraft = (): CheckoutDraft => ({ contact_name: '', contact_phone: '', address: '', remarks: {}, key: crypto.randomUUID() });

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
