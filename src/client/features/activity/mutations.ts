/** The writes of activities (docs/activities.md); each makes the activity lists stale. */
import { useKeyedCall } from '../../api/use-call';
import { useFormWrite } from '../../ui/form/form';
import { activityKeys } from './queries';

/** The operator creates an activity (活动列表). */
export const useOpActivityCreate = () => useFormWrite('opActivityCreate', { invalidate: [activityKeys.all()] });
/** The operator edits an activity (name and text always; window and limit before it starts). */
export const useOpActivityUpdate = () => useFormWrite('opActivityUpdate', { invalidate: [activityKeys.all()] });
/** The operator ends an activity now: the unsold reserves go back to the rows. */
export const useOpActivityEnd = () => useKeyedCall('opActivityEnd', { invalidate: [activityKeys.all()] });
/** 审核通过: the quantity leaves the row into the activity's reserve. */
export const useOpActivityApprove = () => useKeyedCall('opActivityApprove', { invalidate: [activityKeys.all()] });
/** 驳回 with a reason. */
export const useOpActivityReject = () => useFormWrite('opActivityReject', { invalidate: [activityKeys.all()] });
/** A seller applies one of its rows (活动报名). */
export const useActivityApply = () => useFormWrite('activityApply', { invalidate: [activityKeys.all()] });
/** A seller applies a 组合套装 of 2–5 of its rows. */
export const useActivityApplyBundle = () => useFormWrite('activityApplyBundle', { invalidate: [activityKeys.all()] });
/** A buyer places the activity order (/activity/order/complete), under the page's Idempotency-Key. */
export const useActivityOrderComplete = () => useFormWrite('activityOrderComplete', { invalidate: [activityKeys.all()] });
