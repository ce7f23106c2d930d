/** Query keys and options of the operator's 海外 pages (docs/overseas.md). */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../shared/contracts';
import { request } from '../../../api/request';

export const foreignKeys = {
  all: () => ['op', 'foreign'] as const,
  registrations: (p: PayloadIn<'foreignRegistrationList'>) => ['op', 'foreign', 'registrations', p] as const,
  companies: (p: PayloadIn<'foreignCompanyList'>) => ['op', 'foreign', 'companies', p] as const,
  users: () => ['op', 'foreign', 'users'] as const,
  userList: (p: PayloadIn<'foreignUserList'>) => ['op', 'foreign', 'users', p] as const,
  vin: (p: PayloadIn<'foreignVinRecordList'>) => ['op', 'foreign', 'vin', p] as const,
  chats: (p: PayloadIn<'foreignChatSearch'>) => ['op', 'foreign', 'chats', p] as const,
  messages: (p: PayloadIn<'foreignChatMessages'>) => ['op', 'foreign', 'messages', p] as const,
  quickReplies: () => ['op', 'foreign', 'quick-replies'] as const,
  quickReplyList: (p: PayloadIn<'foreignQuickReplyList'>) => ['op', 'foreign', 'quick-replies', p] as const,
};

export const registrationListQuery = (p: PayloadIn<'foreignRegistrationList'>) =>
  queryOptions({ queryKey: foreignKeys.registrations(p), queryFn: ({ signal }) => request('get', 'foreignRegistrationList', p, undefined, { signal }) });
export const foreignCompanyListQuery = (p: PayloadIn<'foreignCompanyList'>) =>
  queryOptions({ queryKey: foreignKeys.companies(p), queryFn: ({ signal }) => request('get', 'foreignCompanyList', p, undefined, { signal }) });
export const foreignUserListQuery = (p: PayloadIn<'foreignUserList'>) =>
  queryOptions({ queryKey: foreignKeys.userList(p), queryFn: ({ signal }) => request('get', 'foreignUserList', p, undefined, { signal }) });
export const foreignVinListQuery = (p: PayloadIn<'foreignVinRecordList'>) =>
  queryOptions({ queryKey: foreignKeys.vin(p), queryFn: ({ signal }) => request('get', 'foreignVinRecordList', p, undefined, { signal }) });
export const foreignChatListQuery = (p: PayloadIn<'foreignChatSearch'>) =>
  queryOptions({ queryKey: foreignKeys.chats(p), queryFn: ({ signal }) => request('get', 'foreignChatSearch', p, undefined, { signal }) });
/** Each read of a conversation is logged on the server: read once when opened, never refetched behind the operator's back. */
export const foreignChatMessagesQuery = (p: PayloadIn<'foreignChatMessages'>) =>
  queryOptions({
    queryKey: foreignKeys.messages(p), queryFn: ({ signal }) => request('get', 'foreignChatMessages', p, undefined, { signal }),
    staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false,
  });
export const foreignQuickReplyListQuery = (p: PayloadIn<'foreignQuickReplyList'>) =>
  queryOptions({ queryKey: foreignKeys.quickReplyList(p), queryFn: ({ signal }) => request('get', 'foreignQuickReplyList', p, undefined, { signal }) });
