/** Query keys and options of 首页推荐, 总分公司, 企业资料变更审核 and 聊天记录查询 (fourth part). */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../shared/contracts';
import { request } from '../../../api/request';

export const opCompanyKeys = {
  recommend: () => ['op', 'company', 'recommend'] as const,
  relations: (p: PayloadIn<'opRelationList'>) => ['op', 'company', 'relation', p] as const,
  reviews: (p: PayloadIn<'opReviewList'>) => ['op', 'company', 'review', p] as const,
  chats: (p: PayloadIn<'opChatSearch'>) => ['op', 'chat', 'search', p] as const,
  messages: (p: PayloadIn<'opChatMessages'>) => ['op', 'chat', 'messages', p] as const,
  circles: () => ['op', 'circles'] as const,
  circleList: (p: PayloadIn<'opCircleList'>) => ['op', 'circles', 'list', p] as const,
  circle: (id: number) => ['op', 'circles', 'one', id] as const,
  groups: (p: PayloadIn<'opChatGroupSearch'>) => ['op', 'chat', 'groups', p] as const,
  groupMessages: (p: PayloadIn<'opChatGroupMessages'>) => ['op', 'chat', 'group-messages', p] as const,
  // 企业分组: the groups, one group, and the record of group notices (a change to any may change the others)
  companyGroups: () => ['op', 'company-groups'] as const,
  companyGroupList: (p: PayloadIn<'opGroupList'>) => ['op', 'company-groups', 'list', p] as const,
  companyGroup: (id: number) => ['op', 'company-groups', 'one', id] as const,
  groupNotices: (p: PayloadIn<'opGroupMessageList'>) => ['op', 'company-groups', 'notices', p] as const,
  // 店铺展厅
  exhibitions: () => ['op', 'exhibitions'] as const,
  exhibitionList: (p: PayloadIn<'opExhibitionList'>) => ['op', 'exhibitions', p] as const,
};

export const recommendListQuery = () =>
  queryOptions({ queryKey: opCompanyKeys.recommend(), queryFn: ({ signal }) => request('get', 'opRecommendList', {}, undefined, { signal }) });
export const relationListQuery = (p: PayloadIn<'opRelationList'>) =>
  queryOptions({ queryKey: opCompanyKeys.relations(p), queryFn: ({ signal }) => request('get', 'opRelationList', p, undefined, { signal }) });
export const reviewListQuery = (p: PayloadIn<'opReviewList'>) =>
  queryOptions({ queryKey: opCompanyKeys.reviews(p), queryFn: ({ signal }) => request('get', 'opReviewList', p, undefined, { signal }) });
export const chatSearchQuery = (p: PayloadIn<'opChatSearch'>) =>
  queryOptions({ queryKey: opCompanyKeys.chats(p), queryFn: ({ signal }) => request('get', 'opChatSearch', p, undefined, { signal }), enabled: !!(p.a || p.b) });
/**
 * Each read of a conversation is logged on the server: read a page once, when the operator opens
 * it, and never again behind their back (no refetch on focus, reconnect or retry).
 */
export const chatMessagesQuery = (p: PayloadIn<'opChatMessages'>) =>
  queryOptions({
    queryKey: opCompanyKeys.messages(p), queryFn: ({ signal }) => request('get', 'opChatMessages', p, undefined, { signal }),
    staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false,
  });

export const chatGroupSearchQuery = (p: PayloadIn<'opChatGroupSearch'>) =>
  queryOptions({
    queryKey: opCompanyKeys.groups(p), queryFn: ({ signal }) => request('get', 'opChatGroupSearch', p, undefined, { signal }), enabled: !!(p.name || p.a || p.b),
  });
/** Logged on the server like a private conversation's page: read once, when opened. */
export const chatGroupMessagesQuery = (p: PayloadIn<'opChatGroupMessages'>) =>
  queryOptions({
    queryKey: opCompanyKeys.groupMessages(p), queryFn: ({ signal }) => request('get', 'opChatGroupMessages', p, undefined, { signal }),
    staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false,
  });
export const circleListQuery = (p: PayloadIn<'opCircleList'>) =>
  queryOptions({ queryKey: opCompanyKeys.circleList(p), queryFn: ({ signal }) => request('get', 'opCircleList', p, undefined, { signal }) });
export const circleQuery = (id: number) =>
  queryOptions({ queryKey: opCompanyKeys.circle(id), queryFn: ({ signal }) => request('get', 'opCircleDetail', { id }, undefined, { signal }) });

export const companyGroupListQuery = (p: PayloadIn<'opGroupList'>) =>
  queryOptions({ queryKey: opCompanyKeys.companyGroupList(p), queryFn: ({ signal }) => request('get', 'opGroupList', p, undefined, { signal }) });
export const companyGroupQuery = (id: number) =>
  queryOptions({ queryKey: opCompanyKeys.companyGroup(id), queryFn: ({ signal }) => request('get', 'opGroupDetail', { id }, undefined, { signal }) });
export const groupNoticesQuery = (p: PayloadIn<'opGroupMessageList'>) =>
  queryOptions({ queryKey: opCompanyKeys.groupNotices(p), queryFn: ({ signal }) => request('get', 'opGroupMessageList', p, undefined, { signal }) });
export const exhibitionListQuery = (p: PayloadIn<'opExhibitionList'>) =>
  queryOptions({ queryKey: opCompanyKeys.exhibitionList(p), queryFn: ({ signal }) => request('get', 'opExhibitionList', p, undefined, { signal }) });
