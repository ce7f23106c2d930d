import { useEffect } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { msg } from '../../../shared/messages';
import { chat, useChat } from './chat-store';
import { ChatWindow } from './ChatWindow';
import { useT } from '../../i18n/lang';
import { dataSlot, withData } from '../../i18n/with-data';

/** How long the notice of a new message stays. */
const NOTICE_MS = 8000;

/** A message that came while the window was closed (requirements 001-4): clicking it opens chat to the sender. */
function IncomingNotice() {
  const t = useT();
  const notice = useChat((s) => s.notice);
  const sender = useChat((s) => s.conversations.find((c) => c.targetId === s.notice?.targetId));
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => chat.dismissNotice(), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  if (!notice) return null;
  const from = sender ? `${sender.company_name} ${sender.name}` : '';
  return (
    <div className="chat-notice" role="alert">
      <button type="button" className="chat-notice-open" onClick={() => chat.open(notice.targetId)} aria-label={from ? t('来自 {{name}} 的新消息', { name: from }) : t(msg.chatNewMessage)}>
        <i className="pi pi-comments" />
        <span>
          <strong>{from ? withData(t('来自 {{name}} 的新消息', { name: dataSlot(0) }), [from]) : t(msg.chatNewMessage)}</strong>
          <small data-user-text>{notice.text}</small>
        </span>
      </button>
      <button type="button" className="chat-notice-close" aria-label={t('关闭提醒')} onClick={chat.dismissNotice}><i className="pi pi-times" /></button>
    </div>
  );
}

/** The messaging widget of the member site: the chat window and the new-message notice. */
export function ChatDock() {
  // only whether someone is signed in: the root's context is a new object on every navigation, and
  // reading all of it redrew the chat window with each search
  const signedIn = useRouteContext({ from: '__root__', select: (c) => !!c.session.user });
  if (!signedIn) return null;
  return (
    <>
      <ChatWindow />
      <IncomingNotice />
    </>
  );
}
