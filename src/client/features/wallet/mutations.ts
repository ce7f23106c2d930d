import { useFormWrite } from '../../ui/form/form';
import { walletKeys } from './queries';

/** 充值: starts a recharge under the form's Idempotency-Key; the page then goes to the provider's checkout. */
export const useWalletRecharge = () => useFormWrite('walletRecharge', { invalidate: [walletKeys.all()] });
