/**
 * Open tabs of one browser share one session, and the server keeps one access token per session:
 * a renewed token ends the one before it. So a tab that renews the token tells the others
 * (BroadcastChannel) and they go on with it, and a tab without a token (just loaded, or told of
 * nothing yet) asks the open tabs before it spends the refresh cookie. A token travels with the
 * uuid of its user, so a tab still holding an earlier user's token never hands it over. Tabs hold a
 * shared Web Lock for their whole life; counting its holders tells whether asking is worth the wait.
 */
import { sessionStore } from './session-store';

const CHANNEL = 'qph-session';
const TAB_LOCK = 'qph-tab';
/** how long a tab waits for an answer from the others; they answer within a few ms unless frozen */
const ASK_WAIT_MS = 150;

type Message =
  | { type: 'token'; uuid: string; token: string; reply?: string }
  | { type: 'ask'; uuid: string; id: string };

let channel: BroadcastChannel | null = null;

const locks = (): LockManager | undefined =>
  typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;

/** Joins the other tabs: answers their questions and takes the tokens they renew. Once per page. */
export const shareSessionAcrossTabs = () => {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<Message>) => {
    const m = e.data;
    if (m?.type === 'ask') {
      const token = sessionStore.token();
      if (token && sessionStore.tokenOwner() === m.uuid) channel?.postMessage({ type: 'token', uuid: m.uuid, token, reply: m.id } satisfies Message);
    } else if (m?.type === 'token' && m.reply === undefined && m.uuid === (sessionStore.tokenOwner() ?? sessionStore.user()?.uuid)) {
      sessionStore.setToken(m.token, m.uuid);
    }
  };
  void locks()?.request(TAB_LOCK, { mode: 'shared' }, () => new Promise<never>(() => undefined));
};

/** Stops sharing: the channel closed, as when the page goes away. For tests that open many tabs in one module scope (docs/testing.md, "Time budget"). */
export const leaveOtherTabs = () => {
  channel?.close();
  channel = null;
};

/** Tells the other tabs of a renewed token. */
export const announceToken = (token: string) => {
  const uuid = sessionStore.tokenOwner();
  if (channel && uuid) channel.postMessage({ type: 'token', uuid, token } satisfies Message);
};

const othersOpen = async () => {
  const l = locks();
  if (!l) return false;
  const { held = [] } = await l.query();
  return held.filter((h) => h.name === TAB_LOCK).length > 1;
};

/** The current token of another open tab of this user, or null when none answers. */
export const askOtherTabs = async (): Promise<string | null> => {
  const uuid = sessionStore.user()?.uuid;
  const ch = channel;
  if (!ch || !uuid || !(await othersOpen())) return null;
  // not a secret, only this question's mark (randomUUID needs a secure context)
  const id = `${Date.now()}-${Math.random()}`;
  return new Promise((resolve) => {
    const done = (token: string | null) => {
      clearTimeout(timer);
      ch.removeEventListener('message', listen);
      resolve(token);
    };
    const listen = (e: MessageEvent<Message>) => {
      if (e.data?.type === 'token' && e.data.reply === id) done(e.data.token);
    };
    const timer = setTimeout(() => done(null), ASK_WAIT_MS);
    ch.addEventListener('message', listen);
    ch.postMessage({ type: 'ask', uuid, id } satisfies Message);
  });
};
