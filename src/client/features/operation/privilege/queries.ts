/** Query keys and options of the operator's privilege pages (roles and staff). */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';

export const privKeys = {
  roles: () => ['op', 'roles'] as const,
};

export const rolesQuery = () =>
  queryOptions({ queryKey: privKeys.roles(), queryFn: ({ signal }) => request('get', 'opRoleList', {}, undefined, { signal }) });
