import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import type { ImConversation, ImMessage } from '../../../shared/contracts';
import { IM_ASSISTANT_UUID, IM_TEXT_MAX, QUOTE_CODES, SCENE_INQUIRY } from '../../../shared/contracts';
import { imageKindOf, imageMaxMb, MB } from '../../../shared/domain/upload';
import { msg } from '../../../shared/messages';
import { configQuery } from '../system/queries';
import { base64Of } from '../upload/image-file';
import { useUploadImage } from '../upload/mutations';
import { chat, kindOf, useChat, type QueuedMessage } from './chat-store';
import { personName, previewIn } from './notice-text';
import { contactQuery, groupQuery } from './queries';
import { bodyKindOf, showsTime, unreadLabel } from './chat-rules';
import { EmojiButton } from './EmojiButton';
import { compressForChat } from './compress';
import { AddFriend, BlockToggle, FriendsPanel, GroupPanel, InviteServiceMenu, QuickReplyMenu, TranslatedLine, useM1101 } from './ChatPanels';
import { STATUS_TEXT, useShownStatus } from './connection-state';
import { CURRENCIES, CURRENCY_LABELS, type Currency } from '../../../shared/domain/currency';
import { useCurrency } from '../currency/currency-store';
import './chat.css';
import { BizCard, ChatQuoteDialog } from '../enquiry/ChatCards';
import { StockPicker } from './StockPicker';
import { useLang, useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';
import { formatChatTime as chatTime } from '../../i18n/format';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { STOCK_CODES } from '../../../shared/domain/stock';

/** requirements 001-9: the window is 1024 × 576 (the list rules are in chat-rules.ts). */
export const CHAT_WIDTH = 1024;
export const CHAT_HEIGHT = 576;

export { unreadLabel };

export { STATUS_TEXT };

/** Dragged by its title bar, kept inside the viewport. */
const useDrag = () => {
  const [pos, setPos] = useState(() => ({
    x: Math.max(0, Math.round((window.innerWidth - CHAT_WIDTH) / 2)),
    y: Math.max(0, Math.round((window.innerHeight - CHAT_HEIGHT) / 2)),
  }));
  const start = useRef<{ px: number; py: number; x: number; y: number } | null>(null);
  return {
    pos,
    handlers: {
      onPointerDown(e: PointerEvent<HTMLElement>) {
        if ((e.target as HTMLElement).closest('button')) return;
        start.current = { px: e.clientX, py: e.clientY, x: pos.x, y: pos.y };
        e.currentTarget.setPointerCapture(e.pointerId);
      },
      onPointerMove(e: PointerEvent<HTMLElement>) {
        const s = start.current;
        if (!s) return;
        setPos({
          x: Math.min(Math.max(0, s.x + e.clientX - s.px), Math.max(0, window.innerWidth - 120)),
          y: Math.min(Math.max(0, s.y + e.clientY - s.py), Math.max(0, window.innerHeight - 40)),
        });
      },
      onPointerUp() {
        start.current = null;
      },
    },
  };
};

function ConversationList({ current }: { current: string | null }) {
  const t = useT();
  const lang = useLang();
  const conversations = useChat((s) => s.conversations);
  const loaded = useChat((s) => s.conversationsLoaded);
  const contact = useQuery({ ...contactQuery(current ?? ''), enabled: !!current && !conversations.some((c) => c.targetId === current) });
  // a conversation opened from a search row has no message yet: list it on top until it has
  const fresh: ImConversation | null = current && contact.data && !conversations.some((c) => c.targetId === current)
    ? { conversationType: 1, targetId: current, name: contact.data.nick_name, company_name: contact.data.company_name, portrait_uri: contact.data.portrait_uri, unread: 0, sentTime: 0, latestMessage: null }
    : null;
  const list = fresh ? [fresh, ...conversations] : conversations;
  return (
    <nav className="chat-conversations" aria-label={t(msg.chatConversationList)}>
      <h3>{t(msg.chatConversationList)}</h3>
      {loaded && list.length === 0 && <p className="muted chat-empty">{t(msg.chatNoConversations)}</p>}
      <ul>
        {list.map((c) => (
          <li key={c.targetId}>
            <button type="button" className={c.targetId === current ? 'active' : ''} aria-current={c.targetId === current ? 'true' : undefined}
              aria-label={c.unread > 0 ? t('{{chat}} {{n}}条未读', { chat: c.conversationType === 3 ? `${c.name} ${c.company_name}` : `${c.company_name} ${personName(c).text}`, n: c.unread }) : c.conversationType === 3 ? `${c.name} ${c.company_name}` : `${c.company_name} ${personName(c).text}`} onClick={() => chat.select(c.targetId)}>
              <span className={`chat-avatar${c.conversationType === 3 ? ' chat-avatar-group' : c.is_assistant ? ' chat-avatar-assistant' : ''}`} aria-hidden="true" data-user-text>
                {c.conversationType === 3 ? t('群') : c.is_assistant ? <i className="pi pi-bell" /> : (c.company_name || c.name).slice(0, 1)}
              </span>
              <span className="chat-conv-text">
                <strong data-user-text>{c.conversationType === 3 ? c.name : c.company_name}</strong>
                <small>{c.conversationType === 3 ? <span data-user-text>{c.company_name}</span> : <PersonName c={c} />}{c.sentTime ? ` · ${chatTime(lang, c.sentTime)}` : ''}</small>
                <small className="muted chat-conv-last" data-user-text>{previewIn(lang, c.latestMessage)}</small>
              </span>
              {c.unread > 0 && <b className="chat-badge" data-testid="conv-unread">{unreadLabel(c.unread)}</b>}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Bubble({ m, queued, sender }: { m: Pick<ImMessage, 'messageType' | 'content' | 'messageDirection'>; queued?: QueuedMessage['state']; sender?: string }) {
  const t = useT();
  const kind = bodyKindOf(m);
  const c = m.content as Record<string, unknown>;
  return (
    <div className={`chat-msg ${m.messageDirection === 1 ? 'mine' : 'theirs'}${queued ? ' queued' : ''}`} data-testid="chat-message" data-direction={m.messageDirection}>
      {sender && <small className="muted chat-sender" data-user-text>{sender}</small>}
      <div className="chat-bubble">
        {kind === 'image' ? <a href={String(c.imageUri)} target="_blank" rel="noopener"><img src={String(c.imageUri)} alt={t(msg.chatImage)} /></a>
          : kind === 'card' && 'SceneCode' in m.content ? <BizCard m={{ messageDirection: m.messageDirection, content: m.content }} />
          : kind === 'text' ? <span data-user-text>{String(c.content)}</span>
          : <span className="muted">{kind === 'unsupported' ? t(msg.chatUnsupported) : t(msg.unknownMessageType)}</span>}
      </div>
      {kind === 'text' && m.messageDirection === 2 && !queued && <TranslatedLine text={String(c.content)} />}
      {queued && <small className={queued === 'failed' ? 'chat-msg-failed' : 'muted'}>{queued === 'failed' ? t(msg.chatFailed) : t(msg.chatQueued)}</small>}
    </div>
  );
}

export function MessageList({ targetId }: { targetId: string }) {
  const t = useT();
  const lang = useLang();
  const thread = useChat((s) => s.threads[targetId]);
  const isGroup = useChat((s) => kindOf(s, targetId) === 3);
  const group = useQuery({ ...groupQuery(targetId), enabled: isGroup });
  // in a group, who said it
  const names = new Map((group.data?.members ?? []).map((u) => [u.user_uuid, u.user_name]));
  const [queued, setQueued] = useState<QueuedMessage[]>([]);
  const box = useRef<HTMLDivElement>(null);
  // again once chat has started for the user (a conversation may be drawn before the session)
  const me = useChat((s) => s.me);
  useEffect(() => {
    const sub = chat.queued$(targetId).subscribe({ next: setQueued, error: () => setQueued([]) });
    return () => sub.unsubscribe();
  }, [targetId, me]);
  const messages = thread?.messages ?? [];
  const shown = new Set(messages.map((m) => m.clientMsgId));
  const waiting = queued.filter((q) => !shown.has(q.clientMsgId));
  const last = messages.at(-1)?.messageUId;
  useEffect(() => {
    // the box only: scrollIntoView would scroll the page under the window too
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [last, waiting.length, targetId]);
  return (
    <div ref={box} className="chat-messages" role="log" aria-label={t('消息')} aria-live="polite">
      {thread?.hasMore && (
        <button type="button" className="linklike chat-more" disabled={thread.loading} onClick={() => void chat.loadOlder(targetId)}>{t(msg.chatMoreHistory)}</button>
      )}
      {thread?.loaded && messages.length === 0 && waiting.length === 0 && <p className="muted chat-empty">{t(msg.chatNoMessages)}</p>}
      {messages.map((m, i) => (
        <div key={`${m.senderUserId}/${m.clientMsgId}`}>
          {showsTime(messages, i) && <div className="chat-time">{chatTime(lang, m.sentTime)}</div>}
          <Bubble m={m} sender={isGroup && m.messageDirection === 2 ? names.get(m.senderUserId) ?? t('已退出的成员') : undefined} />
        </div>
      ))}
      {waiting.map((q) => (
        <Bubble key={q.clientMsgId} queued={q.state} m={{ messageDirection: 1, messageType: q.payload.messageType, content: q.payload.content }} />
      ))}
    </div>
  );
}

export function Composer({ targetId, canSend }: { targetId: string; canSend: boolean }) {
  const t = useT();
  const { session: linkSession } = useRouteContext({ from: '__root__' });
  // a seller with its stock (M03) sends order links; the server decides in any case
  const mayLink = hasAnyPermission(linkSession.user?.permissions ?? [], STOCK_CODES);
  const [picking, setPicking] = useState(false);
  const mayQuote = hasAnyPermission(linkSession.user?.permissions ?? [], QUOTE_CODES);
  const [quoting, setQuoting] = useState(false);
  // the currency switch (requirements 001-2-3, M11-01): order links sent in dong beside the yuan price; starts at the top bar's choice
  const mayConvert = useM1101();
  const shownCurrency = useCurrency();
  const [linkCurrency, setLinkCurrency] = useState<Currency | null>(null);
  const currency: Currency = mayConvert ? linkCurrency ?? shownCurrency : 'CNY';
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sendError = useChat((s) => s.sendError);
  const file = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  // images go through fileUpload, with its limit for the caller's company; not compressed in the page
  const { session } = useRouteContext({ from: '__root__' });
  const authority = useQuery(configQuery(['upload_authority'])).data?.upload_authority;
  const uploadImage = useUploadImage();
  useEffect(() => {
    area.current?.focus({ preventScroll: true });
  }, [targetId]);
  const sendText = async () => {
    const body = text.trim();
    if (!body || !canSend) return;
    if (body.length > IM_TEXT_MAX) {
      setProblem(t('消息内容最多{{n}}个字', { n: IM_TEXT_MAX }));
      return;
    }
    setProblem(null);
    setText('');
    // refused: the text comes back into the box, with the server's reason
    if ((await chat.send(targetId, { text: body })) === 'refused') setText(body);
  };
  const sendImage = async (f: File | undefined) => {
    if (!f || !canSend) return;
    const head = new Uint8Array(await f.slice(0, 16).arrayBuffer());
    if (!imageKindOf(head)) return setProblem(t(msg.chooseImage));
    if (f.size > imageMaxMb(session.user?.company_id ?? 0, authority) * MB) return setProblem(t(msg.imageTooLarge));
    setProblem(null);
    setBusy(true);
    try {
      // compressed in the page first; one still over about 100 KB is refused (requirements 001-5)
      const small = await compressForChat(f);
      if (!small) return setProblem(t(msg.imageTooLarge));
      const { file_path } = await uploadImage.mutateAsync({ base64_data: base64Of(await small.arrayBuffer()), file_name: small.name });
      await chat.send(targetId, { imageUri: file_path });
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
  };
  /** puts text where the caret is (a quick reply, an emoji) */
  const insert = (piece: string) => {
    const el = area.current;
    const at = el ? el.selectionStart : text.length;
    const end = el ? el.selectionEnd : text.length;
    setText(text.slice(0, at) + piece + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus({ preventScroll: true });
      el?.setSelectionRange(at + piece.length, at + piece.length);
    });
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    if (e.ctrlKey || e.metaKey) {
      // Ctrl+Enter: a new line where the caret is
      e.preventDefault();
      const el = e.currentTarget;
      const at = el.selectionStart;
      setText(text.slice(0, at) + '\n' + text.slice(el.selectionEnd));
      requestAnimationFrame(() => el.setSelectionRange(at + 1, at + 1));
      return;
    }
    if (e.shiftKey) return;
    e.preventDefault();
    void sendText();
  };
  const shown = problem ?? sendError;
  return (
    <div className="chat-composer"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        void sendImage(e.dataTransfer.files[0]);
      }}>
      <div className="chat-tools">
        {canSend && <EmojiButton onPick={insert} />}
        <button type="button" className="linklike" title={t('发送图片')} aria-label={t('发送图片')} disabled={!canSend || busy} onClick={() => file.current?.click()}>
          <i className="pi pi-image" /> {t(msg.chatImage)}
        </button>
        <input ref={file} type="file" accept="image/png,image/jpeg" hidden onChange={(e) => void sendImage(e.target.files?.[0])} />
        {canSend && <QuickReplyMenu targetId={targetId} onPick={insert} />}
        {canSend && <InviteServiceMenu targetId={targetId} />}
        {canSend && mayQuote && (
          <button type="button" className="linklike" title="快速报价" onClick={() => setQuoting(true)}>
            <i className="pi pi-tag" /> 快速报价
          </button>
        )}
        {canSend && mayLink && (
          <button type="button" className="linklike" title="发送订单链接" onClick={() => setPicking(true)}>
            <i className="pi pi-link" /> 发送订单链接
          </button>
        )}
        {canSend && mayLink && mayConvert && (
          <label className="chat-currency">
            币种
            <select aria-label="订单链接的币种" value={currency} onChange={(e) => setLinkCurrency(e.target.value as Currency)}>
              {CURRENCIES.map((c) => <option key={c} value={c}>{CURRENCY_LABELS[c]}</option>)}
            </select>
          </label>
        )}
      </div>
      {picking && <StockPicker targetId={targetId} currency={currency} visible onHide={() => setPicking(false)} />}
      {quoting && <ChatQuoteDialog targetId={targetId} onHide={() => setQuoting(false)} />}
      {canSend ? (
        <textarea ref={area} aria-label={t('输入消息')} placeholder={t(msg.chatPlaceholder)} value={text} maxLength={IM_TEXT_MAX + 100}
          onChange={(e) => setText(e.target.value)} onKeyDown={onKey} />
      ) : (
        <p className="chat-cannot-send" role="note">{targetId === IM_ASSISTANT_UUID ? t(msg.chatAssistantNoSend) : t(msg.registeredCannotQuote)}</p>
      )}
      <div className="chat-send-row">
        {shown ? <span role="alert" className="chat-error"><Refusal text={shown} /></span> : <span className="muted">{text.length > 0 ? `${text.trim().length}/${IM_TEXT_MAX}` : ''}</span>}
        <button type="button" className="chat-send" disabled={!canSend || busy || text.trim() === ''} onClick={() => void sendText()}>{t(msg.chatSend)}</button>
      </div>
    </div>
  );
}

/**
 * 当前咨询 (requirements 001-2-3): the enquiry this conversation is about — the latest inquiry or quote card in
 * it — with its number and what was asked, linking to its page on this side (the buyer's comparison,
 * the seller's quote form). Nothing while the conversation has no card.
 */
function CurrentEnquiry({ targetId }: { targetId: string }) {
  const t = useT();
  const thread = useChat((s) => s.threads[targetId]);
  const card = [...(thread?.messages ?? [])].reverse().find((m) => 'SceneCode' in m.content && m.content.LinkData.QHId > 0);
  if (!card || !('SceneCode' in card.content)) return null;
  const c = card.content;
  // the buyer sent the inquiry or received the quote; the seller the other way round
  const buyerSide = (c.SceneCode === SCENE_INQUIRY) === (card.messageDirection === 1);
  return (
    <section className="chat-current" aria-label={t('当前咨询')}>
      <h3>{t('当前咨询')}</h3>
      <p>{c.BusinessInfo.单号}</p>
      <p className="muted" data-user-text>{[c.BusinessInfo.产品编码, c.BusinessInfo.产品名称].filter(Boolean).join(' ')}{c.BusinessInfo.产品数量 ? ` × ${c.BusinessInfo.产品数量}` : ''}</p>
      {buyerSide
        ? <Link to="/enquiry/list/$id" params={{ id: String(c.LinkData.QHId) }}>{t('查看各家报价')}</Link>
        : <Link to="/backend/quote/$id" params={{ id: String(c.LinkData.QHId) }}>{t('打开询价单报价')}</Link>}
    </section>
  );
}

export function ContactPanel({ targetId }: { targetId: string }) {
  const t = useT();
  const { data: c } = useQuery(contactQuery(targetId));
  if (!c) return <aside className="chat-contact" aria-label={t(msg.chatSupplierCard)} />;
  return (
    <aside className="chat-contact" aria-label={t(msg.chatSupplierCard)}>
      <h3>{t(msg.chatSupplierCard)}</h3>
      <p><strong data-user-text>{c.company_name}</strong></p>
      {targetId !== IM_ASSISTANT_UUID && <AddFriend uuid={targetId} />}
      {targetId !== IM_ASSISTANT_UUID && <BlockToggle uuid={targetId} />}
      <dl>
        <dt>{t('联系人')}</dt><dd><span data-user-text>{c.nick_name}</span>{c.on_line ? <span className="chat-online"> {t('在线')}</span> : ''}</dd>
        <dt>{t('地区')}</dt><dd data-user-text>{c.company_area_list.map((a) => a.name).join('、') || '—'}</dd>
        <dt>{t('地址')}</dt><dd data-user-text>{c.company_addr || '—'}</dd>
        <dt>{t('主营品牌')}</dt><dd data-user-text>{c.company_brand_list.map((b) => b.name).join('、') || '—'}</dd>
        <dt>{t('主营配件')}</dt><dd data-user-text>{c.company_part_list.map((p) => p.name).join('、') || '—'}</dd>
        <dt>{t('电话')}</dt>
        <dd>{c.contacts_visible ? c.contact_phone || '—' : <span className="blurred-contact" title={t(msg.upgradeToView)}><span aria-hidden="true" style={{ filter: 'blur(4px)' }}>020-88888888</span> <small>{t(msg.upgradeToView)}</small></span>}</dd>
        <dt>QQ</dt>
        <dd>{c.contacts_visible ? c.contact_qq || '—' : <span className="blurred-contact" title={t(msg.upgradeToView)}><span aria-hidden="true" style={{ filter: 'blur(4px)' }}>88888888</span> <small>{t(msg.upgradeToView)}</small></span>}</dd>
      </dl>
      <CurrentEnquiry targetId={targetId} />
    </aside>
  );
}

/** The chat window (requirements 001-2-3): conversation list, messages, composer and the supplier's card. */
export function ChatWindow() {
  const t = useT();
  const { session } = useRouteContext({ from: '__root__' });
  const open = useChat((s) => s.open);
  const targetId = useChat((s) => s.targetId);
  const status = useShownStatus();
  const isGroup = useChat((s) => (s.targetId ? kindOf(s, s.targetId) === 3 : false));
  const [tab, setTab] = useState<'conversations' | 'friends'>('conversations');
  const { pos, handlers } = useDrag();
  if (!open) return null;
  return (
    <section className="chat-window" role="dialog" aria-label={t(msg.chat)} style={{ left: pos.x, top: pos.y, width: CHAT_WIDTH, height: CHAT_HEIGHT }}>
      <header className="chat-title" {...handlers}>
        <span><i className="pi pi-comments" /> {t(msg.chat)}</span>
        <span className={`chat-status chat-status-${status}`} data-testid="chat-status" data-status={status}>{t(STATUS_TEXT[status])}</span>
        <button type="button" className="chat-close" aria-label={t('关闭聊天')} title={t('关闭')} onClick={chat.close}><i className="pi pi-times" /></button>
      </header>
      <div className="chat-body">
        <div className="chat-nav">
          <div className="chat-tabs" role="tablist" aria-label={t('聊天导航')}>
            <button type="button" role="tab" aria-selected={tab === 'conversations'} onClick={() => setTab('conversations')}><i className="pi pi-comments" /> {t(msg.chatTabConversations)}</button>
            <button type="button" role="tab" aria-selected={tab === 'friends'} onClick={() => setTab('friends')}><i className="pi pi-users" /> {t(msg.chatTabFriends)}</button>
          </div>
          {tab === 'conversations' ? <ConversationList current={targetId} /> : <FriendsPanel onOpened={() => setTab('conversations')} />}
        </div>
        {targetId ? (
          <>
            <div className="chat-main">
              <MessageList targetId={targetId} />
              <Composer targetId={targetId} canSend={!!session.user?.allow_im && targetId !== IM_ASSISTANT_UUID} />
            </div>
            {isGroup ? <GroupPanel groupId={targetId} /> : <ContactPanel targetId={targetId} />}
          </>
        ) : (
          <p className="muted chat-pick">{t(msg.chatPickConversation)}</p>
        )}
      </div>
    </section>
  );
}

/** The conversation's person: the message assistant's own name in the page's language, anyone else's marked as user data. */
export function PersonName({ c }: { c: { name: string; is_assistant?: boolean } }) {
  useLang();
  const p = personName(c);
  return p.data ? <span data-user-text>{p.text}</span> : <span>{p.text}</span>;
}
