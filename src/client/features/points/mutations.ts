import { useFormWrite } from '../../ui/form/form';
import { pointsKeys } from './queries';

/** 兑换 (a form): points and stock off, a 待发货 redemption; everything of points is read again. */
export const useRedeemPoints = () => useFormWrite('pointsRedeem', { invalidate: [pointsKeys.all()] });
