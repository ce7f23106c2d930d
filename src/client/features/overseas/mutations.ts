/** The overseas (Vietnam) company's writes: its registration and the correction of a rejected one. */
import { useCall } from '../../api/use-call';
import { useFormWrite } from '../../ui/form/form';
import { overseasKeys } from './queries';

export const useRegisterVn = () => useCall('overseasRegister');

/** 修改后重新提交 (a form of the kit) */
export const useResubmitRegistration = () => useFormWrite('overseasResubmit', { invalidate: [overseasKeys.mine()] });
