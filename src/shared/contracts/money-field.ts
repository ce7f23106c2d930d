import * as v from 'valibot';

/**
 * Money on the wire is whole fen, in reads and in writes (docs/api.md, "Money"): a payload's
 * amount is a JSON integer, never yuan text; the page turns the yuan a person types into fen
 * (shared/domain/money.ts yuanToFen) before sending, and the server never guesses the unit.
 */
export const fenText = (label: string, min: number, max: number) => `${label}应为以分为单位的整数（${min} 至 ${max}）`;

/** An amount in whole fen from min to max; a refusal names the field and the unit. */
export const fenField = (label: string, min: number, max: number) => {
  const t = fenText(label, min, max);
  return v.pipe(v.number(t), v.integer(t), v.minValue(min, t), v.maxValue(max, t));
};

/**
 * Where the payer is when a checkout starts (docs/money.md, "Payment providers"): `phone` (the
 * /ofo phone pages and phone-sized windows) gets the provider's mobile checkout (Alipay wap pay),
 * `desktop` or nothing its page checkout.
 */
export const CHECKOUT_DEVICES = ['desktop', 'phone'] as const;
export type CheckoutDevice = (typeof CHECKOUT_DEVICES)[number];
export const checkoutDeviceField = v.optional(v.picklist(CHECKOUT_DEVICES, '支付设备只能是 desktop（电脑）或 phone（手机）'));
