import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { ApplicationState } from '../../../shared/domain/seller-apply';

/** Query keys of seller applications: the applicant's own, and the operators' review list. */
export const sellerApplyKeys = {
  all: ['sellerApply'] as const,
  mine: () => ['sellerApply', 'mine'] as const,
  review: (f: ReviewFilter) => ['sellerApply', 'review', f.state, f.k, f.page] as const,
};

export interface ReviewFilter {
  /** 'all': every state */
  state: ApplicationState | 'all';
  k: string;
  page: number;
}

export const REVIEW_PAGE_SIZE = 20;

export const myApplicationQuery = () =>
  queryOptions({ queryKey: sellerApplyKeys.mine(), queryFn: ({ signal }) => request('get', 'sellerApplyMine', {}, undefined, { signal }) });

export const reviewListQuery = (f: ReviewFilter) =>
  queryOptions({
    queryKey: sellerApplyKeys.review(f),
    queryFn: ({ signal }) => request('get', 'sellerApplyList', { state: f.state === 'all' ? '' : f.state, k: f.k, page_number: f.page, page_size: REVIEW_PAGE_SIZE }, undefined, { signal }),
  });

/** The signed-in user as the server has it now (after an approval), not cached. */
export const fetchProfile = () => request('post', 'userProfileGet', {}, undefined, { silent: true });
