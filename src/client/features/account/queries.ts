import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

/** Query keys of the account pages. */
export const accountKeys = {
  profile: () => ['account', 'profile'] as const,
  wechat: () => ['account', 'wechat'] as const,
};

export const accountProfileQuery = () =>
  queryOptions({ queryKey: accountKeys.profile(), queryFn: ({ signal }) => request('get', 'accountProfileGet', {}, undefined, { signal }) });

/** 微信通知: one's WeChat binding (docs/wechat.md, "Binding") */
export const wechatBindingQuery = () =>
  queryOptions({ queryKey: accountKeys.wechat(), queryFn: ({ signal }) => request('get', 'wechatBinding', {}, undefined, { signal }) });
