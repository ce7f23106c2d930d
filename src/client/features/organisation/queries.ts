import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

// apart from the page: the route's loader uses it while the route tree loads
export const enterpriseKeys = { get: () => ['settings', 'enterprise'] as const };
export const enterpriseQuery = () =>
  queryOptions({ queryKey: enterpriseKeys.get(), queryFn: ({ signal }) => request('get', 'enterpriseGet', {}, undefined, { signal }) });
