import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

/** Query keys of a seller's own performance bonus (docs/bonus.md). */
export const bonusKeys = {
  all: () => ['bonus'] as const,
  mine: () => ['bonus', 'mine'] as const,
};

export const bonusMineQuery = () => queryOptions({ queryKey: bonusKeys.mine(), queryFn: ({ signal }) => request('get', 'bonusMine', {}, undefined, { signal }) });
