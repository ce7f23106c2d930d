import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ImMessage } from '../../../shared/contracts';
import { mergeMessages, previewOf } from './chat-store';
import type { ImTransport } from './transport';
import { reactRoot } from '../../test/react-root';

const m = (clientMsgId: string, sentTime: number, senderUserId = 'a', messageUId = String(sentTime)): ImMessage => ({
  messageUId, clientMsgId, conversationType: 1, messageDirection: 2, senderUserId, targetId: senderUserId,
  messageType: 'RC:TxtMsg', content: { content: clientMsgId }, sentTime,
});

describe('chat thread', () => {
  it('merges pages and pushes in time order, each message once', () => {
    const merged = mergeMessages([m('b', 20), m('c', 30)], [m('a', 10), m('c', 30), m('b', 20)]);
    expect(merged.map((x) => x.clientMsgId)).toEqual(['a', 'b', 'c']);
    // the same client id of two senders is two messages
    expect(mergeMessages([m('x', 5, 'a')], [m('x', 6, 'b')])).toHaveLength(2);
  });

  it('previews text and images', () => {
    expect(previewOf(m('你好', 1))).toBe('你好');
    expect(previewOf({ messageType: 'RC:ImgMsg', content: { imageUri: '/api/uploads/x.png' } })).toBe('[图片]');
    expect(previewOf({ messageType: 'QPH:BizMsg', content: { SceneCode: 'weChat-002', BusinessInfo: { 产品名称: '前刹车片', 产品报价: '88.80' }, LinkData: { QHId: 1, lineId: 2, quoteId: 3, link: '' } } })).toBe('[报价] 前刹车片');
    expect(previewOf({ messageType: 'QPH:BizMsg', content: { SceneCode: 'product', BusinessInfo: { 产品名称: '节温器' }, LinkData: { QHId: 0, lineId: 0, stockId: 3, link: '' } } })).toBe('[订单链接] 节温器');
    // a message assistant's notice shows its sentence
    expect(previewOf({ messageType: 'QPH:BizMsg', content: { SceneCode: 'notice', BusinessInfo: { 标题: '新订单', 内容: '新订单：某公司下单 1 种配件', 单号: 'SO1' }, LinkData: { QHId: 0, lineId: 0, link: '/backend/order/detail/SO1' } } })).toBe('[通知] 新订单：某公司下单 1 种配件');
    expect(previewOf(null)).toBe('');
  });
});

describe('chat before its session has started', () => {
  const at = reactRoot();
  it('refuses a send with a reason, then tells the page who it started for, so a drawn conversation subscribes again', async () => {
    // a store no other test of the worker has started (chat-store keeps its state in the module, as one tab does)
    vi.resetModules();
    const { chat, startChat, useChat } = await import('./chat-store');
    const seen: Array<{ me: string | null; error: string | null }> = [];
    function Probe() {
      const me = useChat((s) => s.me);
      const error = useChat((s) => s.sendError);
      seen.push({ me, error });
      return null;
    }
    await act(async () => at.root.render(<Probe />));
    expect(seen.at(-1)).toEqual({ me: null, error: null });
    // the session (and chat) start after the first page: a send before it is refused, and said why
    expect(await chat.send('u-2', { text: '你好' })).toBe('refused');
    await act(async () => undefined);
    expect(seen.at(-1)).toEqual({ me: null, error: '聊天正在连接，请稍后再发送' });
    const none = () => () => undefined;
    const t = { status: () => 'connected', onStatus: none, onMessage: none, onRead: none, onGroup: none, unreadTotal: async () => 0 } as unknown as ImTransport;
    await act(async () => startChat('u-1', t));
    expect(seen.at(-1)?.me).toBe('u-1');
  });
});
