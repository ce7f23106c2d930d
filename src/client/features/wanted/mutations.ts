import { useFormWrite } from '../../ui/form/form';
import { enquiryKeys } from '../enquiry/queries';
import { wantedKeys } from './queries';

const STALE = { invalidate: [wantedKeys.all(), enquiryKeys.all()] };

/**
 * 发布求购 and 修改求购 (updateAsktobuy), the dialog's saves (useForm().submit): the form's
 * Idempotency-Key lives until a publish succeeds, so pressing 发布 again after a dropped answer or
 * an offline moment replays instead of publishing twice.
 */
export const usePublishWantedWrite = () => useFormWrite('publishWanted', STALE);
export const useUpdateWantedWrite = () => useFormWrite('updateAsktobuy', STALE);
