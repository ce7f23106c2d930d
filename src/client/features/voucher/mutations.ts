/** The writes of vouchers (docs/vouchers.md); each makes the voucher lists stale. */
import { useKeyedCall } from '../../api/use-call';
import { useFormWrite } from '../../ui/form/form';
import { voucherKeys } from './queries';

/** 领取 a voucher (under a fresh Idempotency-Key per click). */
export const useVoucherClaim = () => useKeyedCall('voucherClaim', { invalidate: [voucherKeys.all()] });
/** A seller issues a voucher of its own (营销 · 优惠券). */
export const useSellerVoucherCreate = () => useFormWrite('voucherTemplateCreate', { invalidate: [voucherKeys.all()] });
/** A seller stops giving one of its vouchers. */
export const useSellerVoucherStop = () => useKeyedCall('voucherTemplateStop', { invalidate: [voucherKeys.all()] });
/** The operator issues a platform voucher (pay/ticket). */
export const useOpVoucherCreate = () => useFormWrite('opVoucherCreate', { invalidate: [voucherKeys.all()] });
/** The operator stops any voucher. */
export const useOpVoucherStop = () => useKeyedCall('opVoucherStop', { invalidate: [voucherKeys.all()] });
