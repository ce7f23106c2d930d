import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';
import { useCall, useKeyedCall } from '../../api/use-call';
import { socialKeys } from './queries';

/** 备注 of a friend (empty: the name again); the friends are fetched again. */
export const useRemarkFriend = () => useCall('remarkFriend', { invalidate: [socialKeys.friends] });

/** 发起群聊 from friends, under the form's Idempotency-Key (kept until it succeeds). */
export const useCreateGroupChat = () => useKeyedCall('createIMGroupChat');

/** 拉黑 / 取消拉黑 a user; the block list is fetched again. */
export const useSetBlocked = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, block }: { uuid: string; block: boolean }) => request('post', block ? 'imBlock' : 'imUnblock', { uuid }, undefined, { silent: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: socialKeys.blocks });
    },
  });
};

/** 加为好友; the friends are fetched again. */
export const useAddFriend = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => request('post', 'addFriend', { friend_uuid: uuid }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: socialKeys.friends });
    },
  });
};

/** 添加成员 to a group; its members are fetched again. */
export const useAddGroupMembers = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadIn<'imGroupAddMembers'>) => request('post', 'imGroupAddMembers', payload, undefined, { silent: true }),
    onSuccess: (_r, { group_id }) => qc.invalidateQueries({ queryKey: socialKeys.group(group_id) }),
  });
};

/** 退出群聊 */
export const useQuitGroup = () => useCall('imGroupQuit');

/** 邀请客服 into a private chat, which becomes a group of three. */
export const useInviteService = () =>
  useMutation({
    mutationFn: (payload: PayloadIn<'imInviteService'>) => request('post', 'imInviteService', payload, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
  });

/** 发送订单链接: a stock row sent as a product card. */
export const useSendProductCard = () =>
  useMutation({
    mutationFn: (payload: PayloadIn<'pushProductMsg'>) => request('post', 'pushProductMsg', payload, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
  });

/** Deletes a quick reply; the quick replies are fetched again. */
export const useDeleteQuickReply = () => useCall('quickReplyDelete', { invalidate: [socialKeys.quickReplies] });

/** Adds or changes a quick reply under the dialog's Idempotency-Key; the quick replies are fetched again. */
export const useSaveQuickReply = () => useKeyedCall('quickReplySave', { invalidate: [socialKeys.quickReplies], refetch: 'background' });
