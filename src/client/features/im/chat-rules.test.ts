import { describe, expect, it } from 'vitest';
import { IM_ASSISTANT_UUID, type ImConversation } from '../../../shared/contracts';
import {
  bodyKindOf, capConversations, serviceUsersOf, chatLanguageOf, createSoundGate, keepsMoreLink, mayInviteService, quickReplyText, showsTime, unreadLabel,
} from './chat-rules';

const conv = (i: number, extra: Partial<ImConversation> = {}): ImConversation => ({
  conversationType: 1, targetId: `t${i}`, name: `n${i}`, company_name: '', portrait_uri: '', unread: 0, sentTime: i, latestMessage: null, ...extra,
});

describe('chat list rules (requirements 001-9)', () => {
  it('caps unread at 99+', () => {
    expect(unreadLabel(0)).toBe('0');
    expect(unreadLabel(99)).toBe('99');
    expect(unreadLabel(100)).toBe('99+');
    expect(unreadLabel(12345)).toBe('99+');
  });

  it('shows a time line at the first message and where the gap exceeds 60 s', () => {
    const list = [{ sentTime: 0 }, { sentTime: 60_000 }, { sentTime: 120_001 }, { sentTime: 130_000 }];
    expect(list.map((_, i) => showsTime(list, i))).toEqual([true, false, true, false]);
  });

  it('keeps the "get more history" link only while a page brings 10', () => {
    expect(keepsMoreLink(10)).toBe(true);
    expect(keepsMoreLink(9)).toBe(false);
    expect(keepsMoreLink(0)).toBe(false);
  });

  it('lists the newest 150 conversations', () => {
    const list = capConversations(Array.from({ length: 200 }, (_, i) => conv(i)));
    expect(list).toHaveLength(150);
    expect(list[0].targetId).toBe('t199');
    expect(list.at(-1)!.targetId).toBe('t50');
  });

  it('rings once per 3 s however many messages come', () => {
    const gate = createSoundGate();
    const at = [0, 500, 2999, 3000, 3100, 7000, 9000, 10_001];
    expect(at.map((t) => gate(t))).toEqual([true, false, false, true, false, true, false, true]);
  });

  it('names what it cannot draw', () => {
    expect(bodyKindOf({ messageType: 'RC:TxtMsg', content: { content: '你好' } })).toBe('text');
    expect(bodyKindOf({ messageType: 'RC:TxtMsg', content: { content: { nested: true } } })).toBe('unknown');
    expect(bodyKindOf({ messageType: 'RC:ImgMsg', content: { imageUri: '/api/uploads/a.png' } })).toBe('image');
    expect(bodyKindOf({ messageType: 'RC:VcMsg', content: { content: 'voice' } })).toBe('unsupported');
    expect(bodyKindOf({ messageType: 'QPH:BizMsg', content: { SceneCode: 'weChat-001' } })).toBe('card');
  });

  it('inserts the quick reply of the chat\'s language', () => {
    const r = { cn_message: '现货当天发', vn_message: 'Hàng có sẵn gửi trong ngày' };
    const said = (content: string, messageDirection = 2) => ({ messageDirection, messageType: 'RC:TxtMsg', content: { content } });
    expect(chatLanguageOf([])).toBe('cn');
    expect(chatLanguageOf([said('Má phanh trước còn hàng không?')])).toBe('vn');
    // what I wrote does not decide; the other side's latest text does
    expect(chatLanguageOf([said('Má phanh trước còn hàng không?'), said('好的', 1)])).toBe('vn');
    expect(chatLanguageOf([said('Xin chào'), said('有货吗')])).toBe('cn');
    expect(quickReplyText(r, 'vn')).toBe('Hàng có sẵn gửi trong ngày');
    expect(quickReplyText(r, 'cn')).toBe('现货当天发');
    expect(quickReplyText({ cn_message: '只有中文', vn_message: '' }, 'vn')).toBe('只有中文');
  });

  it('offers 邀请客服 only in a private chat with staff on duty', () => {
    const staff = [{ user_uuid: 's1' }];
    expect(mayInviteService(conv(1), staff, 'p')).toBe(true);
    expect(mayInviteService(conv(1, { conversationType: 3 }), staff, 'p')).toBe(false);
    expect(mayInviteService(conv(1), [], 'p')).toBe(false);
    expect(mayInviteService(conv(1, { targetId: IM_ASSISTANT_UUID, is_assistant: true }), staff, IM_ASSISTANT_UUID)).toBe(false);
    // chatting with the only service person already
    expect(mayInviteService(conv(1), staff, 's1')).toBe(false);
    expect(mayInviteService(undefined, staff, 'p')).toBe(false);
  });

  it('reads the service staff on duty from im_service_user', () => {
    expect(serviceUsersOf('{"cn":["00000000-0000-4000-8000-000000000001"]}')).toEqual(['00000000-0000-4000-8000-000000000001']);
    expect(serviceUsersOf('{"cn":[]}')).toEqual([]);
    expect(serviceUsersOf('')).toEqual([]);
    expect(serviceUsersOf(undefined)).toEqual([]);
    expect(serviceUsersOf('{"cn":"x"}')).toEqual([]);
    expect(serviceUsersOf('not json')).toEqual([]);
  });
});
