import { useCall } from '../../api/use-call';

/** Uploads one image (fileUpload); the answer holds its address. The caller shows a refusal. */
export const useUploadImage = () => useCall('fileUpload');
