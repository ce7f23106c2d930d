import { useEffect } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { msg } from '../../../shared/messages';
import { chat, useChat } from './chat-store';
import { ChatWindow } from './ChatWindow';

/** How long the notice of a new message stays. */
const NOTICE_MS = 8000;

/** A message that came while the window was closed (requirements 001-4): clicking it opens chat to the sender. */
function IncomingNotice() {
  const notice = useChat((s) => s.notice);
  const sender = useChat((s) => s.conversations.find((c) => c.targetId === s.notice?.targetId));
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => chat.dismissNotice(), NOTICE_MS);
    return () => clearTimeout(t);
  }, [notice]);
  if (!notice) return null;
  const from = sender ? `${sender.company_name} ${sender.name}` : '';
  return (
    <div className="chat-notice" role="alert">
      <button type="button" className="chat-notice-open" onClick={() => chat.open(notice.targetId)} aria-label={from ? msg.chatOpenFrom(from) : msg.chatNewMessage}>
        <i className="pi pi-comments" />
        <span>
          <strong>{from ? msg.chatOpenFrom(from) : msg.chatNewMessage}</strong>
          <small>{notice.text}</small>
        </span>
      </button>
      <button type="button" className="chat-notice-close" aria-label="关闭提醒" onClick={chat.dismissNotice}><i className="pi pi-times" /></button>
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
