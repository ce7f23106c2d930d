/** The dong wallet's writes (docs/money.md#money-in-dong). */
import { useFormWrite } from '../../ui/form/form';
import { vnWalletKeys } from './queries';

/** 充值 in dong: starts a recharge under the form's Idempotency-Key; the page then goes to the provider's checkout. */
export const useVnWalletRecharge = () => useFormWrite('vnWalletRecharge', { invalidate: [vnWalletKeys.all()] });
