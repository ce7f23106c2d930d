import { useFormWrite } from '../../../ui/form/form';
import { opBonusKeys } from './queries';

/** 保存奖励规则 (a form; audited). */
export const useSaveBonusRule = () => useFormWrite('opBonusRuleSave', { invalidate: [opBonusKeys.all()] });
/** 结算 an ended month (a form: the month; audited; pays the sellers' wallets once). */
export const useSettleBonus = () => useFormWrite('opBonusSettle', { invalidate: [opBonusKeys.all()] });
