import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

/** Query keys of the back office's home. */
export const backofficeKeys = {
  summary: () => ['backoffice', 'summary'] as const,
};

/** The back office's 待处理 figures (also the top bar's new-order notice). */
export const backofficeSummaryQuery = () =>
  queryOptions({ queryKey: backofficeKeys.summary(), queryFn: ({ signal }) => request('get', 'backofficeSummary', {}, undefined, { signal }), staleTime: 30_000 });
