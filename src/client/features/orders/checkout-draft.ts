/**
 * The order form's draft in sessionStorage, per user: contact, address, remarks per seller and the
 * Idempotency-Key of the submit. It survives a refused submit and a reload of the tab, and is
 * dropped when the orders are placed; the key lives until then, so a submit whose answer was lost
 * replays the same orders instead of placing them twice.
 */
import * as v from 'valibot';
import { sessionDraft } from '../../local/session-draft';

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
