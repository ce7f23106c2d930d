import { useRouteContext } from '@tanstack/react-router';
import { msg } from '../../../shared/messages';
import { useT } from '../../i18n/lang';
import { useChat } from './chat-store';
import { openChat } from './open-chat';
import './chat.css';

/** The side toolbar's 在线聊天 with a red dot while anything is unread (live over /ws, fetched at start). */
export function ChatToolbarButton() {
  const { session } = useRouteContext({ from: '__root__' });
  const t = useT();
  const unread = useChat((s) => s.unreadTotal);
  const dot = !!session.user && unread > 0;
  return (
    <button type="button" className="side-toolbar-chat" title={t(msg.chat)} aria-label={dot ? t('{{chat}} {{n}}条未读', { chat: t(msg.chat), n: unread }) : t(msg.chat)} onClick={() => openChat(!!session.user)}>
      <i className="pi pi-comments" />
      <span>{t(msg.chat)}</span>
      {dot && <b className="chat-dot" data-testid="chat-unread-dot" aria-hidden="true" />}
    </button>
  );
}
