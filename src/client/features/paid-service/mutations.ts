/** The writes of 付费服务, each a form write under the form's Idempotency-Key; the wallet's queries go stale with a purchase. */
import { useFormWrite } from '../../ui/form/form';
import { serviceKeys } from './queries';

const WALLET = ['wallet'] as const;

/** 购买 a pack from the wallet or through the provider. */
export const useServiceBuy = () => useFormWrite('paidServiceBuy', { invalidate: [serviceKeys.all(), WALLET] });
/** 同意 the current service agreement. */
export const useAgreementAccept = () => useFormWrite('serviceAgreementAccept', { invalidate: [serviceKeys.all()] });
/** The operator sets a level's pack of a service. */
export const useProductSave = () => useFormWrite('opPaidServiceProductSave', { invalidate: [serviceKeys.all()] });
/** The operator publishes a new agreement version. */
export const useAgreementPublish = () => useFormWrite('opAgreementPublish', { invalidate: [serviceKeys.all()] });
/** The operator creates or edits a promotion price (docs/money.md#promotion-prices). */
export const usePromotionSave = () => useFormWrite('opPaidPromotionSave', { invalidate: [serviceKeys.all()] });
/** The operator switches a promotion price on or off. */
export const usePromotionEnable = () => useFormWrite('opPaidPromotionEnable', { invalidate: [serviceKeys.all()] });
