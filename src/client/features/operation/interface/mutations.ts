/** The operator's 接口 writes: revoke a key, save or remove a scope bundle, give a level a bundle. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../shared/contracts';
import { request } from '../../../api/request';
import { useFormWrite } from '../../../ui/form/form';
import { opOpenKeys } from './queries';

const useOpWrite = <N extends 'opOpenKeyRevoke' | 'opOpenBundleRemove' | 'opOpenLevelSave'>(name: N) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadIn<N>) => request('post', name, payload, undefined, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opOpenKeys.all() }),
  });
};

/** 作废 a company's key. */
export const useOpRevokeKey = () => useOpWrite('opOpenKeyRevoke');
/** 删除 a bundle no level uses. */
export const useOpRemoveBundle = () => useOpWrite('opOpenBundleRemove');
/** 等级权限: the bundle a level may grant (0: none). */
export const useOpSaveLevel = () => useOpWrite('opOpenLevelSave');
/** 新增 / 修改 a bundle (a form). */
export const useOpSaveBundle = () => useFormWrite('opOpenBundleSave', { invalidate: [opOpenKeys.all()] });
