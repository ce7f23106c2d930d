import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

/** Query keys of the address book (收货地址), used at checkout on the desktop and the phone. */
export const addressKeys = { list: () => ['address', 'list'] as const };

export const addressListQuery = () =>
  queryOptions({ queryKey: addressKeys.list(), queryFn: ({ signal }) => request('get', 'addressList', {}, undefined, { signal, silent: true }) });
