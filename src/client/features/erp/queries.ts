/** The company's ERP choice (docs/open-platform.md, "ERP and the operator's pages"): key factory and query. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

export const erpKeys = {
  choice: () => ['erp', 'choice'] as const,
};

export const erpChoiceQuery = () =>
  queryOptions({ queryKey: erpKeys.choice(), queryFn: ({ signal }) => request('get', 'erpChoiceGet', {}, undefined, { signal }) });
