/**
 * 聊天记录查询 (/operation/report/chatHistory, D01-02): find the private conversation between the
 * two parties of a dispute (username, name, mobile or company name) and read it, 50 messages a
 * page, oldest first. The server logs every page read (who read which conversation, when), and the
 * page says so before anything is opened.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import type { AnswerOf, ChatConversation, PayloadIn } from '../../../shared/contracts';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { pagingOf, textsOf } from './list-payload';
import { errorText } from '../account/form';
import { chatMessagesQuery, chatSearchQuery, opCompanyKeys } from './company-queries';
import { when } from './format';
import './operation.css';

const PAGE = 50;
const payloadOf = (s: ListSearch): PayloadIn<'opChatSearch'> => ({ ...textsOf(s, ['a', 'b']), ...pagingOf(s) });
const Who = ({ u }: { u: ChatConversation['a'] }) => (
  <div><strong>{u.company.name}</strong><br /><small className="muted">{u.display_name || u.username}（{u.username}{u.mobile ? `，${u.mobile}` : ''}）</small></div>
);

export function ChatHistoryPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const [open, setOpen] = useState<{ id: number; page: number } | null>(null);
  const def: ListDef<ChatConversation, ReturnType<typeof opCompanyKeys.chats>, AnswerOf<'opChatSearch'>> = {
    title: '聊天记录查询',
    filters: [
      { name: 'a', label: '一方（用户名、姓名、手机号或企业）', type: 'text', width: '15rem' },
      { name: 'b', label: '另一方（可不填）', type: 'text', width: '13rem' },
    ],
    query: (s) => chatSearchQuery(payloadOf(s)),
    rowKey: (c) => c.id,
    columns: [
      { key: 'sides', header: '会话双方', width: '18rem', cell: (c) => <div className="op-chat-sides"><Who u={c.a} /><Who u={c.b} /></div> },
      { key: 'n', header: '消息', width: '3.5rem', num: true, cell: (c) => c.messages },
      { key: 'last', header: '最后消息', width: '8rem', cell: (c) => (c.last_sent_at ? when(c.last_sent_at) : '—') },
      { key: 'act', header: '', width: '5rem', cell: (c) => <Button type="button" label="查看" size="small" outlined aria-label={`查看会话 ${c.id}`} onClick={() => setOpen({ id: c.id, page: 1 })} /> },
    ],
    empty: (filtered) => (filtered ? '没有找到这两方之间的会话。' : '请输入要查询的一方，例如用户名、手机号或企业名称。'),
  };
  return (
    <>
      <p className="op-status" role="note">查看聊天记录仅用于处理纠纷；每次查看都会记入操作日志（查看人、时间、会话）。</p>
      <ListPage def={def} search={search} onSearch={(s) => { setOpen(null); onSearch(s); }} />
      {open && <Conversation key={`${open.id}-${open.page}`} id={open.id} page={open.page} onPage={(page) => setOpen({ id: open.id, page })} onClose={() => setOpen(null)} />}
    </>
  );
}

function Conversation({ id, page, onPage, onClose }: { id: number; page: number; onPage: (p: number) => void; onClose: () => void }) {
  const q = useQuery(chatMessagesQuery({ conversation_id: id, page_number: page, page_size: PAGE }));
  if (q.isError) return <section className="card" role="alert">{errorText(q.error)}</section>;
  if (!q.data) return <section className="card" aria-busy="true">正在加载…</section>;
  const { conversation: c, data, total } = q.data;
  const pages = Math.max(1, Math.ceil(total / PAGE));
  const nameOf = (senderId: number) => (senderId === c.a.id ? c.a : c.b);
  return (
    <section className="card" aria-label="会话内容">
      <div className="op-detail-head">
        <h3 style={{ margin: 0 }}>{c.a.company.short_name || c.a.company.name} ↔ {c.b.company.short_name || c.b.company.name}（共 {total} 条）</h3>
        <Button type="button" label="关闭" text onClick={onClose} />
      </div>
      <div className="op-chat-log" data-testid="chat-log">
        {data.length === 0 && <p className="muted">这一页没有消息。</p>}
        {data.map((m) => {
          const u = nameOf(m.sender_id);
          return (
            <div key={m.id} className={`op-chat-msg ${m.sender_id === c.b.id ? 'b' : ''}`}>
              <small>{u.company.short_name || u.company.name} · {u.display_name || u.username} · {when(m.sent_at)}</small>
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
