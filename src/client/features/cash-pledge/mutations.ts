/** The writes of 保证金, each a form write under the form's Idempotency-Key; the wallet's queries go stale with them. */
import { useFormWrite } from '../../ui/form/form';
import { pledgeKeys } from './queries';

const WALLET = ['wallet'] as const;

/** 缴纳保证金 from the wallet or through the provider. */
export const usePledgePay = () => useFormWrite('cashPledgePay', { invalidate: [pledgeKeys.all(), WALLET] });
/** The operator sets a level's amount. */
export const usePledgeLevelSave = () => useFormWrite('opCashPledgeLevelSave', { invalidate: [pledgeKeys.all()] });
/** The operator deducts on an after-sale decision. */
export const usePledgeDeduct = () => useFormWrite('opCashPledgeDeduct', { invalidate: [pledgeKeys.all()] });
/** The operator returns a leaving seller's pledge. */
export const usePledgeReturn = () => useFormWrite('opCashPledgeReturn', { invalidate: [pledgeKeys.all()] });
