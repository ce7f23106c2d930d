/** The writes of the operator's privilege pages (roles, staff, code templates, users), with the queries each makes stale. */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../shared/contracts';
import { request } from '../../../api/request';
import { useKeyedCall } from '../../../api/use-call';
import { opKeys } from '../queries';
import { sysKeys } from '../system/queries';

/** A write whose success fetches `queryKey` again before the caller goes on. */
const useRefreshing = <V, A>(run: (v: V) => Promise<A>, queryKey: QueryKey) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey }) });
};

/** Every role change fetches all of the operator's queries again. */
export const useDeleteRole = () =>
  useRefreshing((id: number) => request('post', 'opRoleDelete', { id }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }), opKeys.all);

export const useAssignRoles = () =>
  useRefreshing((payload: PayloadIn<'opRoleAssign'>) => request('post', 'opRoleAssign', payload, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }), opKeys.all);

/** The dialog keeps one key across its retries; the queries are marked stale without waiting for them. */
export const useSaveRole = () => useKeyedCall('opRoleSave', { invalidate: [opKeys.all], refetch: 'background' });

export const useSaveLevelCodes = () => useKeyedCall('opLevelCodesSave', { invalidate: [sysKeys.levels()] });

export const useSetUsersActive = () =>
  useRefreshing((payload: PayloadIn<'opUserSetActive'>) => request('post', 'opUserSetActive', payload, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }), opKeys.users());

export const useResetUserPassword = () =>
  useRefreshing((id: number) => request('post', 'opUserResetPassword', { id }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }), opKeys.users());

export const useEndUserSessions = () =>
  useRefreshing((id: number) => request('post', 'opUserEndSessions', { id }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }), opKeys.users());
