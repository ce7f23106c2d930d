/**
 * 聊天记录查询 (/operation/report/chatHistory, D01-02): find the private conversation between the
 * two parties of a dispute (username, name, mobile or company name), or a group chat by its name
 * or by one or two members, and read it, 50 messages a page, oldest first. The server logs every
 * page read (who read which conversation or group, when), and the page says so before anything is
 * opened.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import type { AnswerOf, ChatConversation, ChatGroup, PayloadIn } from '../../../../shared/contracts';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { pagingOf, textsOf } from '../list-payload';
import { errorText } from '../../../ui/form/form';
import { chatGroupMessagesQuery, chatGroupSearchQuery, chatMessagesQuery, chatSearchQuery, opCompanyKeys } from '../company/queries';
import { when } from '../format';
import { CHAT_PAGE, ChatLog, ConversationLog, shortOf, Who, type Viewer } from '../chat-log';
import '../operation.css';

const privatePayload = (s: ListSearch): PayloadIn<'opChatSearch'> => ({ ...textsOf(s, ['a', 'b']), ...pagingOf(s) });
const groupPayload = (s: ListSearch): PayloadIn<'opChatGroupSearch'> => ({ ...textsOf(s, ['name', 'a', 'b']), ...pagingOf(s) });

type Open = { kind: 'private' | 'group'; id: number; page: number };

export function ChatHistoryPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const kind = search.kind === 'group' ? 'group' : 'private';
  const [open, setOpen] = useState<Open | null>(null);
  const view = (c: { id: number }) => (
    <Button type="button" label="查看" size="small" outlined aria-label={`查看${kind === 'group' ? '群聊' : '会话'} ${c.id}`} onClick={() => setOpen({ kind, id: c.id, page: 1 })} />
  );
  const privateDef: ListDef<ChatConversation, ReturnType<typeof opCompanyKeys.chats>, AnswerOf<'opChatSearch'>> = {
    title: '聊天记录查询',
    filters: [
      { name: 'a', label: '一方（用户名、姓名、手机号或企业）', type: 'text', width: '15rem' },
      { name: 'b', label: '另一方（可不填）', type: 'text', width: '13rem' },
    ],
    query: (s) => chatSearchQuery(privatePayload(s)),
    rowKey: (c) => c.id,
    columns: [
      { key: 'sides', header: '会话双方', width: '18rem', cell: (c) => <div className="op-chat-sides"><Who u={c.a} /><Who u={c.b} /></div> },
      { key: 'n', priority: 2, header: '消息', width: '3.5rem', num: true, cell: (c) => c.messages },
      { key: 'last', priority: 2, header: '最后消息', width: '8rem', cell: (c) => (c.last_sent_at ? when(c.last_sent_at) : '—') },
      { key: 'act', actions: true, header: '', width: '5rem', cell: view },
    ],
    empty: (filtered) => (filtered ? '没有找到这两方之间的会话。' : '请输入要查询的一方，例如用户名、手机号或企业名称。'),
  };
  const groupDef: ListDef<ChatGroup, ReturnType<typeof opCompanyKeys.groups>, AnswerOf<'opChatGroupSearch'>> = {
    title: '聊天记录查询',
    filters: [
      { name: 'name', label: '群名称', type: 'text', width: '10rem' },
      { name: 'a', label: '成员（用户名、姓名、手机号或企业）', type: 'text', width: '15rem' },
      { name: 'b', label: '另一成员（可不填）', type: 'text', width: '11rem', more: true },
    ],
    query: (s) => chatGroupSearchQuery(groupPayload(s)),
    rowKey: (g) => g.id,
    columns: [
      {
        key: 'group', header: '群聊', width: '9rem',
        cell: (g) => (
          <div className="op-chat-sides">
            <span><strong>{g.name}</strong>{g.is_service && <span className="op-tag" style={{ marginLeft: '0.3rem' }}>客服群</span>}</span>
            <small className="muted">群主：{g.owner.company.short_name || g.owner.company.name} · {g.owner.display_name || g.owner.username}</small>
          </div>
        ),
      },
      {
        key: 'members', priority: 2, header: '成员', width: '9rem',
        cell: (g) => (
          <div className="op-chat-sides">
            <span>{g.member_count} 人</span>
            <small className="muted">{g.members.map(shortOf).join('、')}{g.member_count > g.members.length ? ' 等' : ''}</small>
          </div>
        ),
      },
      { key: 'n', priority: 2, header: '消息', width: '3.5rem', num: true, cell: (g) => g.messages },
      { key: 'last', priority: 2, header: '最后消息', width: '8rem', cell: (g) => (g.last_sent_at ? when(g.last_sent_at) : '—') },
      { key: 'act', actions: true, header: '', width: '5rem', cell: view },
    ],
    empty: (filtered) => (filtered ? '没有找到符合条件的群聊，换个群名称或成员试试。' : '请输入群名称，或一个成员的用户名、手机号或企业名称。'),
  };
  const choose = (k: 'private' | 'group') => { setOpen(null); onSearch(k === 'group' ? { kind: 'group' } : {}); };
  const search2 = (s: ListSearch) => { setOpen(null); onSearch(kind === 'group' ? { ...s, kind: 'group' } : s); };
  return (
    <>
      <p className="op-status" role="note">查看聊天记录仅用于处理纠纷；每次查看都会记入操作日志（查看人、时间、会话）。</p>
      <div className="op-actions op-kind" role="group" aria-label="会话类型" style={{ marginBottom: '0.6rem' }}>
        <Button type="button" label="私聊" icon="pi pi-user" size="small" outlined={kind !== 'private'} aria-pressed={kind === 'private'} onClick={() => choose('private')} />
        <Button type="button" label="群聊" icon="pi pi-users" size="small" outlined={kind !== 'group'} aria-pressed={kind === 'group'} onClick={() => choose('group')} />
      </div>
      {kind === 'group'
        ? <ListPage key="group" def={groupDef} search={search} onSearch={search2} />
        : <ListPage key="private" def={privateDef} search={search} onSearch={search2} />}
      {open?.kind === 'private' && <Conversation key={`p-${open.id}-${open.page}`} id={open.id} page={open.page} onPage={(page) => setOpen({ ...open, page })} onClose={() => setOpen(null)} />}
      {open?.kind === 'group' && <GroupConversation key={`g-${open.id}-${open.page}`} id={open.id} page={open.page} onPage={(page) => setOpen({ ...open, page })} onClose={() => setOpen(null)} />}
    </>
  );
}

function Conversation({ id, ...rest }: Viewer) {
  return <ConversationLog q={useQuery(chatMessagesQuery({ conversation_id: id, page_number: rest.page, page_size: CHAT_PAGE }))} {...rest} />;
}

function GroupConversation({ id, page, onPage, onClose }: Viewer) {
  const q = useQuery(chatGroupMessagesQuery({ group_id: id, page_number: page, page_size: CHAT_PAGE }));
  if (q.isError) return <section className="card" role="alert">{errorText(q.error)}</section>;
  if (!q.data) return <section className="card" aria-busy="true">正在加载…</section>;
  const { group: g, senders, data, total } = q.data;
  const byId = new Map(senders.map((u) => [u.id, u]));
  return (
    <ChatLog label="群聊内容" title={`群聊：${g.name}（${g.member_count} 人）`} data={data} total={total} page={page}
      senderOf={(s) => byId.get(s)} right={(s) => s === g.owner.id} onPage={onPage} onClose={onClose} />
  );
}
