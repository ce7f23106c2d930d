/**
 * 海外 · 聊天记录 (/operation/foreign/chatHistory): private conversations with a user of a
 * Vietnamese company on one side, newest first, narrowed by either side; reading one is logged
 * on the server (who read which conversation, when), as on 聊天记录查询. docs/overseas.md.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import type { AnswerOf, ChatConversation, ChatUser, PayloadIn } from '../../../../shared/contracts';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { errorText } from '../../../ui/form/form';
import { pagingOf, textsOf } from '../list-payload';
import { when } from '../format';
import { foreignChatListQuery, foreignChatMessagesQuery, type foreignKeys } from './queries';
import '../operation.css';

const PAGE = 50;
const payloadOf = (s: ListSearch): PayloadIn<'foreignChatSearch'> => ({ ...textsOf(s, ['a', 'b']), ...pagingOf(s) });
const Who = ({ u }: { u: ChatUser }) => (
  <div><strong>{u.company.name}</strong><br /><small className="muted">{u.display_name || u.username}（{u.username}{u.mobile ? `，${u.mobile}` : ''}）</small></div>
);
const shortOf = (u: ChatUser) => `${u.company.short_name || u.company.name} · ${u.display_name || u.username}`;

export function ForeignChatPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const [open, setOpen] = useState<{ id: number; page: number } | null>(null);
  const def: ListDef<ChatConversation, ReturnType<typeof foreignKeys.chats>, AnswerOf<'foreignChatSearch'>> = {
    title: '海外聊天记录',
    filters: [
      { name: 'a', label: '一方（用户名、姓名、手机号或企业）', type: 'text', width: '15rem', primary: true },
      { name: 'b', label: '另一方', type: 'text', width: '12rem' },
    ],
    query: (s) => foreignChatListQuery(payloadOf(s)),
    rowKey: (c) => c.id,
    columns: [
      { key: 'sides', header: '会话双方', width: '18rem', cell: (c) => <div className="op-chat-sides"><Who u={c.a} /><Who u={c.b} /></div> },
      { key: 'n', priority: 2, header: '消息', width: '3.5rem', num: true, cell: (c) => c.messages },
      { key: 'last', priority: 2, header: '最后消息', width: '8rem', cell: (c) => when(c.last_sent_at) },
      { key: 'act', actions: true, header: '', width: '5rem', cell: (c) => <Button type="button" label="查看" size="small" outlined aria-label={`查看会话 ${c.id}`} onClick={() => setOpen({ id: c.id, page: 1 })} /> },
    ],
    empty: (filtered) => (filtered ? '没有找到符合条件的会话，换个条件试试。' : '还没有越南企业参与的聊天。'),
  };
  return (
    <>
      <p className="op-status" role="note">只列出有越南企业用户参与的私聊；查看聊天记录仅用于处理纠纷，每次查看都会记入操作日志。</p>
      <ListPage def={def} search={search} onSearch={(s) => { setOpen(null); onSearch(s); }} />
      {open && <Conversation key={`${open.id}-${open.page}`} id={open.id} page={open.page} onPage={(page) => setOpen({ ...open, page })} onClose={() => setOpen(null)} />}
    </>
  );
}

function Conversation({ id, page, onPage, onClose }: { id: number; page: number; onPage: (p: number) => void; onClose: () => void }) {
  const q = useQuery(foreignChatMessagesQuery({ conversation_id: id, page_number: page, page_size: PAGE }));
  if (q.isError) return <section className="card" role="alert">{errorText(q.error)}</section>;
  if (!q.data) return <section className="card" aria-busy="true">正在加载…</section>;
  const { conversation: c, data, total } = q.data;
  const pages = Math.max(1, Math.ceil(total / PAGE));
  return (
    <section className="card" aria-label="会话内容">
      <div className="op-detail-head">
        <h3 style={{ margin: 0 }}>{shortOf(c.a)} ↔ {shortOf(c.b)}（共 {total} 条）</h3>
        <Button type="button" label="关闭" text onClick={onClose} />
      </div>
      <div className="op-chat-log" data-testid="chat-log">
        {data.length === 0 && <p className="muted">这一页没有消息。</p>}
        {data.map((m) => (
          <div key={m.id} className={`op-chat-msg ${m.sender_id === c.b.id ? 'b' : ''}`}>
            <small>{shortOf(m.sender_id === c.a.id ? c.a : c.b)} · {when(m.sent_at)}</small>
            {m.message_type === 'RC:ImgMsg' ? <img src={m.image_uri} alt="图片消息" style={{ maxWidth: '12rem' }} />
              : m.message_type === 'RC:TxtMsg' ? m.text : <span className="muted">[询价 / 报价卡片]</span>}
          </div>
        ))}
      </div>
      <div className="op-actions" style={{ marginTop: '0.5rem' }}>
        <Button type="button" label="上一页" text disabled={page <= 1} onClick={() => onPage(page - 1)} />
        <span>第 {page} / {pages} 页</span>
        <Button type="button" label="下一页" text disabled={page >= pages} onClick={() => onPage(page + 1)} />
      </div>
    </section>
  );
}
