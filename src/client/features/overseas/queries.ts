/** Query keys and options of the overseas (Vietnam) company's own registration (docs/overseas.md). */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

export const overseasKeys = {
  mine: () => ['overseas', 'mine'] as const,
};

export const myRegistrationQuery = () =>
  queryOptions({ queryKey: overseasKeys.mine(), queryFn: ({ signal }) => request('get', 'overseasMine', {}, undefined, { signal }) });
