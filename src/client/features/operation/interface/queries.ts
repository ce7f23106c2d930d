/** Query keys and options of the operator's 接口 pages (docs/open-platform.md, "Keys and signing"). */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../shared/contracts';
import { request } from '../../../api/request';

export const opOpenKeys = {
  all: () => ['op', 'open'] as const,
  keys: (p: PayloadIn<'opOpenKeyList'>) => ['op', 'open', 'keys', p] as const,
  calls: (p: PayloadIn<'opOpenCallLog'>) => ['op', 'open', 'calls', p] as const,
  bundles: () => ['op', 'open', 'bundles'] as const,
  levels: () => ['op', 'open', 'levels'] as const,
};

export const opOpenKeysQuery = (p: PayloadIn<'opOpenKeyList'>) =>
  queryOptions({ queryKey: opOpenKeys.keys(p), queryFn: ({ signal }) => request('get', 'opOpenKeyList', p, undefined, { signal }) });
export const opOpenCallsQuery = (p: PayloadIn<'opOpenCallLog'>) =>
  queryOptions({ queryKey: opOpenKeys.calls(p), queryFn: ({ signal }) => request('get', 'opOpenCallLog', p, undefined, { signal }) });
export const opOpenBundlesQuery = () =>
  queryOptions({ queryKey: opOpenKeys.bundles(), queryFn: ({ signal }) => request('get', 'opOpenBundleList', {}, undefined, { signal }) });
export const opOpenLevelsQuery = () =>
  queryOptions({ queryKey: opOpenKeys.levels(), queryFn: ({ signal }) => request('get', 'opOpenLevelList', {}, undefined, { signal }) });
