/**
 * 海外 · 聊天记录 (/operation/foreign/chatHistory): private conversations with a user of a
 * Vietnamese company on one side, newest first, narrowed by either side; reading one is logged
 * on the server (who read which conversation, when), as on 聊天记录查询. docs/overseas.md.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import type { AnswerOf, ChatConversation, PayloadIn } from '../../../../shared/contracts';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { pagingOf, textsOf } from '../list-payload';
import { when } from '../format';
import { CHAT_PAGE, ConversationLog, Who, type Viewer } from '../chat-log';
import { foreignChatListQuery, foreignChatMessagesQuery, type foreignKeys } from './queries';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'foreignChatSearch'> => ({ ...textsOf(s, ['a', 'b']), ...pagingOf(s) });

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

function Conversation({ id, ...rest }: Viewer) {
  return <ConversationLog q={useQuery(foreignChatMessagesQuery({ conversation_id: id, page_number: rest.page, page_size: CHAT_PAGE }))} {...rest} />;
}
