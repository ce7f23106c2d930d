/** The writes of promotion plans (docs/promotions.md); each makes the plan lists stale (buyers see the prices on their next search or cart read). */
import { useKeyedCall } from '../../api/use-call';
import { useFormWrite } from '../../ui/form/form';
import { promoPlanKeys } from './queries';

const stale = [promoPlanKeys.all()];

/** 新建促销计划 (a draft or active at once). */
export const usePromoPlanCreate = () => useFormWrite('promoPlanCreate', { invalidate: stale });
/** 保存 an edited plan. */
export const usePromoPlanUpdate = () => useFormWrite('promoPlanUpdate', { invalidate: stale });
/** 启用, 暂停 or 结束 a plan. */
export const usePromoPlanState = () => useKeyedCall('promoPlanState', { invalidate: stale });
