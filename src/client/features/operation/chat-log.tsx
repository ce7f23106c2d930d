/**
 * What the operator's chat-reading pages share (聊天记录查询 and 海外聊天记录): who a side is, and
 * one page of a conversation's messages, oldest first, with paging. Reading is logged on the server.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import type { ChatConversation, ChatUser } from '../../../shared/contracts';
import { errorText } from '../../ui/form/form';
import { when } from './format';

export const CHAT_PAGE = 50;

const personOf = (u: ChatUser) => `${u.display_name || u.username}（${u.username}${u.mobile ? `，${u.mobile}` : ''}）`;
export const Who = ({ u }: { u: ChatUser }) => (
  <div><strong>{u.company.name}</strong><br /><small className="muted">{personOf(u)}</small></div>
);
export const shortOf = (u: ChatUser) => `${u.company.short_name || u.company.name} · ${u.display_name || u.username}`;

interface Message { id: number; sender_id: number; message_type: string; text: string; image_uri: string; sent_at: number }

/** One page of messages, oldest first, with paging: the same for a private conversation and a group. */
export function ChatLog({ title, label, data, total, page, senderOf, right, onPage, onClose }: {
  title: string; label: string; data: Message[]; total: number; page: number;
  senderOf: (id: number) => ChatUser | undefined; right: (senderId: number) => boolean; onPage: (p: number) => void; onClose: () => void;
}) {
  const pages = Math.max(1, Math.ceil(total / CHAT_PAGE));
  return (
    <section className="card" aria-label={label}>
      <div className="op-detail-head">
        <h3 style={{ margin: 0 }}>{title}（共 {total} 条）</h3>
        <Button type="button" label="关闭" text onClick={onClose} />
      </div>
      <div className="op-chat-log" data-testid="chat-log">
        {data.length === 0 && <p className="muted">这一页没有消息。</p>}
        {data.map((m) => {
          const u = senderOf(m.sender_id);
          return (
            <div key={m.id} className={`op-chat-msg ${right(m.sender_id) ? 'b' : ''}`}>
              <small>{u ? shortOf(u) : `用户 ${m.sender_id}`} · {when(m.sent_at)}</small>
              {m.message_type === 'RC:ImgMsg' ? <img src={m.image_uri} alt="图片消息" style={{ maxWidth: '12rem' }} />
                : m.message_type === 'RC:TxtMsg' ? m.text : <span className="muted">[询价 / 报价卡片]</span>}
            </div>
          );
        })}
      </div>
      <div className="op-actions" style={{ marginTop: '0.5rem' }}>
        <Button type="button" label="上一页" text disabled={page <= 1} onClick={() => onPage(page - 1)} />
        <span>第 {page} / {pages} 页</span>
        <Button type="button" label="下一页" text disabled={page >= pages} onClick={() => onPage(page + 1)} />
      </div>
    </section>
  );
}

export type Viewer = { id: number; page: number; onPage: (p: number) => void; onClose: () => void };

/** A private conversation's page, once its query has answered. */
export function ConversationLog({ q, page, onPage, onClose }: Omit<Viewer, 'id'> & {
  q: UseQueryResult<{ conversation: ChatConversation; data: Message[]; total: number }>;
}) {
  if (q.isError) return <section className="card" role="alert">{errorText(q.error)}</section>;
  if (!q.data) return <section className="card" aria-busy="true">正在加载…</section>;
  const { conversation: c, data, total } = q.data;
  return (
    <ChatLog label="会话内容" title={`${c.a.company.short_name || c.a.company.name} ↔ ${c.b.company.short_name || c.b.company.name}`} data={data} total={total} page={page}
      senderOf={(s) => (s === c.a.id ? c.a : c.b)} right={(s) => s === c.b.id} onPage={onPage} onClose={onClose} />
  );
}
