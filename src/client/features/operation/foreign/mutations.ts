/** The operator's writes on the 海外 pages: registration decisions, users, the Vietnamese of quick replies. */
import { useKeyedCall } from '../../../api/use-call';
import { useFormWrite } from '../../../ui/form/form';
import { foreignKeys } from './queries';

/** 通过 / 驳回 a registration: the registration and company lists read again. */
export const useApproveRegistration = () => useKeyedCall('foreignRegistrationApprove', { invalidate: [foreignKeys.all()] });
export const useRejectRegistration = () => useKeyedCall('foreignRegistrationReject', { invalidate: [foreignKeys.all()] });

/** 禁用 / 启用 users of Vietnamese companies. */
export const useSetForeignUsersActive = () => useKeyedCall('foreignUserSetActive', { invalidate: [foreignKeys.users()] });

/** 越南语 of one quick reply (a form). */
export const useSaveQuickReplyVn = () => useFormWrite('foreignQuickReplySave', { invalidate: [foreignKeys.quickReplies()] });
