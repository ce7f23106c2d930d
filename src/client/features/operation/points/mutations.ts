import { useFormWrite } from '../../../ui/form/form';
import { useKeyedCall } from '../../../api/use-call';
import { opPointsKeys } from './queries';

/** 调整积分 (a form, reason required; audited). */
export const useAdjustPoints = () => useFormWrite('opPointsAdjust', { invalidate: [opPointsKeys.all()] });
/** 积分规则 (a form; audited). */
export const useSavePointsRule = () => useFormWrite('opPointsRuleSave', { invalidate: [opPointsKeys.all()] });
/** 积分商品: add or edit (a form; audited). */
export const useSavePointsProduct = () => useFormWrite('opPointsProductSave', { invalidate: [opPointsKeys.all()] });
/** 上架 / 下架 from the list, under the caller's Idempotency-Key. */
export const useTogglePointsProduct = () => useKeyedCall('opPointsProductSave', { invalidate: [opPointsKeys.all()] });
/** 发货 (a form: logistics company and number). */
export const useShipRedemption = () => useFormWrite('opPointsOrderShip', { invalidate: [opPointsKeys.all()] });
/** 取消 with a reason: points and stock go back. */
export const useCancelRedemption = () => useKeyedCall('opPointsOrderCancel', { invalidate: [opPointsKeys.all()] });
