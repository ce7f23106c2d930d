import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

/** Query keys of the account pages. */
export const accountKeys = {
  profile: () => ['account', 'profile'] as const,
};

export const accountProfileQuery = () =>
  queryOptions({ queryKey: accountKeys.profile(), queryFn: ({ signal }) => request('get', 'accountProfileGet', {}, undefined, { signal }) });
