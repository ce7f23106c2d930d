import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';
import { useCall } from '../../api/use-call';
import { sessionStore } from '../../session/session-store';
import { sessionKeys } from '../session/queries';
import { accountKeys } from './queries';

/** The account pages' writes. Each is refused silently: the form puts the refusal under its field. */

export const useRegister = () => useCall('userRegister');

export const useSendSmsCode = () => useCall('smsCodeSend');

export const useResetPassword = () => useCall('passwordReset');

export const useChangePassword = () => useCall('passwordChange');

/**
 * Saves one's profile, then fetches the signed-in user again: the header shows the name and
 * company, so the stored user and its query are refreshed everywhere. Answers that user.
 */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: PayloadIn<'accountProfileUpdate'>) => {
      const saved = await request('put', 'accountProfileUpdate', payload, undefined, { silent: true });
      queryClient.setQueryData(accountKeys.profile(), saved);
      const user = await request('post', 'userProfileGet', {}, undefined, { silent: true });
      sessionStore.setUser(user);
      queryClient.setQueryData(sessionKeys.profile(), user);
      return user;
    },
  });
};

/** 绑定微信: answers the authorisation page to go to (docs/wechat.md, "Binding"); refused silently, the card shows why. */
export const useWechatBindStart = () =>
  useMutation({ mutationFn: () => request('post', 'wechatBindStart', { site_origin: location.origin }, undefined, { silent: true }) });

/** The callback's exchange (/login/oauth): the binding it answers becomes the card's. */
export const useWechatBindFinish = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: PayloadIn<'wechatBindFinish'>) => request('post', 'wechatBindFinish', p, undefined, { silent: true }),
    onSuccess: (b) => queryClient.setQueryData(accountKeys.wechat(), b),
  });
};

/** 解除绑定 */
export const useWechatUnbind = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request('post', 'wechatUnbind', {}, undefined, { silent: true }),
    onSuccess: (b) => queryClient.setQueryData(accountKeys.wechat(), b),
    // refused (unbound meanwhile elsewhere): show the state as it is now
    onError: () => queryClient.invalidateQueries({ queryKey: accountKeys.wechat() }),
  });
};
