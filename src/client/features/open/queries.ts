/** Query keys and options of the open platform's console (docs/open-platform.md, "Keys and signing"). */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';

export const openKeys = {
  all: () => ['open'] as const,
  keys: () => ['open', 'keys'] as const,
  calls: (p: PayloadIn<'openCallLog'>) => ['open', 'calls', p] as const,
};

export const openKeysQuery = () =>
  queryOptions({ queryKey: openKeys.keys(), queryFn: ({ signal }) => request('get', 'openKeyList', {}, undefined, { signal, silent: true }), retry: false });

export const openCallsQuery = (p: PayloadIn<'openCallLog'>) =>
  queryOptions({ queryKey: openKeys.calls(p), queryFn: ({ signal }) => request('get', 'openCallLog', p, undefined, { signal, silent: true }), retry: false });
