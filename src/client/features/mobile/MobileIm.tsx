import { useEffect, useState } from 'react';
import { Link, useRouteContext } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { msg } from '../../../shared/messages';
import { CART_CODES } from '../../../shared/contracts';
import { ENQUIRY_CODES } from '../../../shared/contracts/codes';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { PURCHASE_ORDER_CODES, SALES_ORDER_CODES } from '../../../shared/domain/orders';
import { INVOICE_BUYER_CODES } from '../../../shared/contracts/codes';
import { POINTS_CODES } from '../../../shared/domain/points-codes';
import { levelQuery } from '../session/queries';
import { signOut } from '../session/actions';
import { MembershipCard } from '../home/MembershipCard';
import { chat, useChat } from '../im/chat-store';
import { personName, previewIn } from '../im/notice-text';
import { Composer, ContactPanel, MessageList, PersonName, STATUS_TEXT, unreadLabel } from '../im/ChatWindow';
import { contactQuery } from '../im/queries';
import { useShownStatus } from '../im/connection-state';
import { PasswordSettings } from '../account/PasswordSettings';
import { MobilePage } from './MobilePage';
import { chooseDesktop } from './phone-redirect';
import { formatChatTime as chatTime } from '../../i18n/format';
import { useLang, useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';
import '../im/chat.css';

/** 消息 (/im): the conversation list full-screen with unread counts and the connection state; a tap opens the conversation. */
export function MobileConversations() {
  const t = useT();
  const lang = useLang();
  const conversations = useChat((s) => s.conversations);
  const loaded = useChat((s) => s.conversationsLoaded);
  const error = useChat((s) => s.conversationsError);
  const status = useShownStatus();
  // read when chat has started, or as soon as it starts; a failure or a long wait is said, with 重试
  const [attempt, setAttempt] = useState(0);
  useEffect(() => chat.wantList(), [attempt]);
  return (
    <MobilePage title={t(msg.chatConversationList)} actions={<span className={`chat-status chat-status-${status}`} data-testid="chat-status" data-status={status} style={{ fontSize: 11 }}>{t(STATUS_TEXT[status])}</span>}>
      <section className="m-card" aria-label={t(msg.chatConversationList)}>
        {!loaded && !error && <p className="m-muted" aria-busy="true">{t('正在加载…')}</p>}
        {!loaded && error && (
          <div className="m-empty" role="alert">
            <i className="pi pi-exclamation-circle" aria-hidden="true" /><Refusal text={error} /><br />
            <Button type="button" label={t(msg.retry)} icon="pi pi-refresh" outlined style={{ marginTop: 8 }} onClick={() => setAttempt((n) => n + 1)} />
          </div>
        )}
        {loaded && conversations.length === 0 && <div className="m-empty"><i className="pi pi-comments" />{t(msg.chatNoConversations)}<br /><Link to="/ofo/search" className="m-link">{t('去搜索配件，联系卖家')}</Link></div>}
        <ul className="m-convs">
          {conversations.map((c) => (
            <li key={c.targetId}>
              <Link to="/im/chat/$targetId" params={{ targetId: c.targetId }} aria-label={c.unread > 0 ? t('{{chat}} {{n}}条未读', { chat: `${c.company_name} ${personName(c).text}`, n: c.unread }) : `${c.company_name} ${personName(c).text}`} data-testid="conversation">
                <span className="chat-avatar" aria-hidden="true" data-user-text>{(c.company_name || c.name).slice(0, 1)}</span>
                <span className="chat-conv-text" style={{ flex: 1, paddingRight: 36 }}>
                  <strong data-user-text>{c.company_name}</strong>
                  <small><PersonName c={c} />{c.sentTime ? ` · ${chatTime(lang, c.sentTime)}` : ''}</small>
                  <small className="m-muted chat-conv-last" data-user-text>{previewIn(lang, c.latestMessage)}</small>
                </span>
                {c.unread > 0 && <b className="chat-badge">{unreadLabel(c.unread)}</b>}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </MobilePage>
  );
}

/**
 * One conversation full-screen (/im/chat/{uuid}): the messages, 查看更多历史消息, the composer and,
 * behind 名片, the supplier's card: the desktop chat window's own parts over the same transport.
 * While it is open the conversation counts as the one being viewed, so what arrives is read.
 */
export function MobileConversation({ targetId }: { targetId: string }) {
  const t = useT();
  const { session } = useRouteContext({ from: '__root__' });
  const contact = useQuery(contactQuery(targetId));
  const known = useChat((s) => s.conversations.find((c) => c.targetId === targetId));
  const [card, setCard] = useState(false);
  useEffect(() => {
    chat.open(targetId);
    // the window is not shown on these pages; leaving must not leave it open for a desktop page
    return () => chat.close();
  }, [targetId]);
  const title = known?.company_name || contact.data?.company_name || t(msg.chat);
  return (
    <MobilePage title={title} titleIsUserText={title !== t(msg.chat)} back="/im" bare actions={<button type="button" onClick={() => setCard((x) => !x)} aria-pressed={card}>{card ? t('消息') : t('名片')}</button>}>
      {card ? <div className="m-card"><ContactPanel targetId={targetId} /></div> : (
        <div className="m-chat m-card" style={{ padding: 0, overflow: 'hidden' }}>
          <MessageList targetId={targetId} />
          <Composer targetId={targetId} canSend={!!session.user?.allow_im} />
        </div>
      )}
    </MobilePage>
  );
}

/** 我的 (/im/profile): who is signed in, the company's level, the buyer's pages and the account. */
export function ImProfilePage() {
  const t = useT();
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user!;
  const level = useQuery(levelQuery(user.company_id));
  const buys = hasAnyPermission(user.permissions, CART_CODES);
  const orders = hasAnyPermission(user.permissions, PURCHASE_ORDER_CODES);
  const enquires = hasAnyPermission(user.permissions, ENQUIRY_CODES);
  const sells = hasAnyPermission(user.permissions, SALES_ORDER_CODES);
  return (
    <MobilePage title={t('我的')}>
      <div className="m-card"><MembershipCard name={user.user_name} company={user.company_name} level={level.data ?? undefined} /></div>
      <nav className="m-card" aria-label={t('我的')}>
        <ul className="m-convs">
          {/* a seller's tab bar has no 购物车 (tabs.ts): its cart is here */}
          {buys && sells && <li><Link to="/ofo/cart"><i className="pi pi-shopping-cart" /> {t('购物车')}</Link></li>}
          {orders && <li><Link to="/ofo/purchase/order"><i className="pi pi-list" /> {t('采购订单')}</Link></li>}
          {orders && <li><Link to="/ofo/purchase/payment"><i className="pi pi-wallet" /> {t('待付款')}</Link></li>}
          {enquires && <li><Link to="/ofo/enquiry"><i className="pi pi-question-circle" /> {t('我的询价')}</Link></li>}
          {sells && <li><Link to="/ofo/sales/order"><i className="pi pi-send" /> {t('销售订单')}</Link></li>}
          {buys && <li><Link to="/basket"><i className="pi pi-list-check" /> {t('常购清单')}</Link></li>}
          <li><Link to="/follows"><i className="pi pi-heart" /> {t('我的关注')}</Link></li>
          {buys && <li><Link to="/ofo/address"><i className="pi pi-map-marker" /> {t('收货地址')}</Link></li>}
          {hasAnyPermission(user.permissions, POINTS_CODES) && <li><Link to="/ofo/points"><i className="pi pi-star" /> {t('我的积分')}</Link></li>}
          {hasAnyPermission(user.permissions, INVOICE_BUYER_CODES) && <li><Link to="/ofo/invoice"><i className="pi pi-file" /> {t('申请开票')}</Link></li>}
          {hasAnyPermission(user.permissions, INVOICE_BUYER_CODES) && <li><Link to="/ofo/invoice/record"><i className="pi pi-history" /> {t('开票记录')}</Link></li>}
          {hasAnyPermission(user.permissions, INVOICE_BUYER_CODES) && <li><Link to="/ofo/invoice/info"><i className="pi pi-id-card" /> {t('发票抬头')}</Link></li>}
          <li><Link to="/ofo/spotGoods"><i className="pi pi-box" /> {t('现货')}</Link></li>
          <li><Link to="/im/password"><i className="pi pi-lock" /> {t('修改密码')}</Link></li>
          <li><a href="/backend/settings/profile" onClick={() => chooseDesktop(true)}><i className="pi pi-id-card" /> {t('个人资料（电脑版）')}</a></li>
        </ul>
      </nav>
      <button type="button" className="m-card" style={{ border: 0, color: '#dc2626', font: 'inherit', minHeight: 44, cursor: 'pointer' }} onClick={() => void signOut('/im/login')}>{t(msg.logout)}</button>
    </MobilePage>
  );
}

/** 修改密码 (/im/password): the account's own form; this session stays signed in, the others end. */
export function ImPasswordPage() {
  const t = useT();
  return (
    <MobilePage title={t('修改密码')} back="/im/profile">
      <div className="m-card"><PasswordSettings /></div>
    </MobilePage>
  );
}
