/**
 * The message-list rules of requirements 001-9, in one place so the window, the phone pages and the tests
 * agree: unread badges cap at 99+, a time line where messages are more than 60 s apart, "get
 * more history" fetches 10 older messages and goes away once fewer than 10 come back, the
 * conversation list holds 150, the notification sound plays at most once per 3 s, and what
 * cannot be drawn says so ("Unknown message type", "not supported, view in client").
 */
import type { ImConversation, QuickReply } from '../../../shared/contracts';
import { IM_CONVERSATION_LIST, IM_MORE_HISTORY } from '../../../shared/contracts/limits';
import { translateTargetOf } from '../../../shared/domain/translate';

export const UNREAD_CAP = 99;
export const TIME_GAP_MS = 60_000;
export const SOUND_DEBOUNCE_MS = 3000;

export const unreadLabel = (n: number) => (n > UNREAD_CAP ? '99+' : String(n));

/** whether message i of a thread (time order) gets a time line above it */
export const showsTime = (messages: ReadonlyArray<{ sentTime: number }>, i: number) =>
  i === 0 || messages[i].sentTime - messages[i - 1].sentTime > TIME_GAP_MS;

/** after a "get more history" page of `returned` messages: whether the link stays */
export const keepsMoreLink = (returned: number) => returned >= IM_MORE_HISTORY;

/** the conversation list as shown: newest first, at most 150 */
export const capConversations = (list: readonly ImConversation[]) =>
  [...list].sort((a, b) => b.sentTime - a.sentTime).slice(0, IM_CONVERSATION_LIST);

/**
 * The sound of new messages: the first plays at once, any other within 3 s of the last one played
 * stays silent (a burst of ten messages rings once).
 */
export const createSoundGate = (ms = SOUND_DEBOUNCE_MS) => {
  let last = Number.NEGATIVE_INFINITY;
  return (now: number) => {
    if (now - last < ms) return false;
    last = now;
    return true;
  };
};

export const KNOWN_MESSAGE_TYPES = ['RC:TxtMsg', 'RC:ImgMsg', 'QPH:BizMsg'] as const;

/** how a message body is drawn */
export const bodyKindOf = (m: { messageType: string; content: unknown }): 'text' | 'image' | 'card' | 'unknown' | 'unsupported' => {
  if (!(KNOWN_MESSAGE_TYPES as readonly string[]).includes(m.messageType)) return 'unsupported';
  const c = m.content as Record<string, unknown> | null;
  if (m.messageType === 'RC:TxtMsg') return typeof c?.content === 'string' ? 'text' : 'unknown';
  if (m.messageType === 'RC:ImgMsg') return typeof c?.imageUri === 'string' ? 'image' : 'unknown';
  return c && typeof c.SceneCode === 'string' ? 'card' : 'unknown';
};

export type ChatLanguage = 'cn' | 'vn';

/** the chat's language: Vietnamese when the other side's latest text is Vietnamese, else Chinese */
export const chatLanguageOf = (messages: ReadonlyArray<{ messageDirection: number; messageType: string; content: unknown }>): ChatLanguage => {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.messageDirection !== 2 || bodyKindOf(m) !== 'text') continue;
    return translateTargetOf((m.content as { content: string }).content) === 'zh' ? 'vn' : 'cn';
  }
  return 'cn';
};

/** the phrase a quick reply inserts for a chat's language (Chinese when it has no Vietnamese) */
export const quickReplyText = (r: Pick<QuickReply, 'cn_message' | 'vn_message'>, lang: ChatLanguage) =>
  lang === 'vn' && r.vn_message ? r.vn_message : r.cn_message;

/** requirements 001-6: 邀请客服 shows only in a private chat (not the assistant's) when customer-service staff are on duty */
export const mayInviteService = (c: Pick<ImConversation, 'conversationType' | 'is_assistant'> | undefined, staff: ReadonlyArray<{ user_uuid: string }>, peer: string) =>
  !!c && c.conversationType === 1 && !c.is_assistant && staff.some((s) => s.user_uuid !== peer);

/** configKey im_service_user: {"cn": [uuid, …]}, the service staff on duty for 在线咨询; anything else means none */
export const serviceUsersOf = (value: string | undefined): string[] => {
  try {
    const cn = (JSON.parse(value ?? '') as { cn?: unknown }).cn;
    return Array.isArray(cn) ? cn.filter((u): u is string => typeof u === 'string' && /^[0-9a-f-]{36}$/i.test(u)) : [];
  } catch {
    return [];
  }
};
