/**
 * The order form's draft in sessionStorage, per user: contact, address, remarks per seller and the
 * Idempotency-Key of the submit. It survives a refused submit and a reload of the tab, and is
 * dropped when the orders are placed; the key lives until then, so a submit whose answer was lost
 * replays the same orders instead of placing them twice.
 */
import * as v from 'valibot';

const draftSchema = v.object({
  contact_name: v.string(),
  contact_phone: v.string(),
  address: v.string(),
  remarks: v.record(v.string(), v.string()),
  key: v.string(),
});
export type CheckoutDraft = v.InferOutput<typeof draftSchema>;

const storageKey = (userUuid: string) => `qph-checkout-draft:${userUuid}`;

export const emptyDraft = (): CheckoutDraft => ({ contact_name: '', contact_phone: '', address: '', remarks: {}, key: crypto.randomUUID() });

export const loadDraft = (userUuid: string): CheckoutDraft => {
  try {
    const raw = sessionStorage.getItem(storageKey(userUuid));
    if (!raw) return emptyDraft();
    const parsed = v.safeParse(draftSchema, JSON.parse(raw));
    if (parsed.success) return parsed.output;
    console.warn('checkout draft dropped: it does not match its schema');
  } catch (e) {
    console.warn('checkout draft dropped', e);
  }
  return emptyDraft();
};

export const saveDraft = (userUuid: string, d: CheckoutDraft) => {
  try {
    sessionStorage.setItem(storageKey(userUuid), JSON.stringify(d));
  } catch {
    // storage full or disabled: the form still works, only a reload would lose it
  }
};

export const clearDraft = (userUuid: string) => sessionStorage.removeItem(storageKey(userUuid));
