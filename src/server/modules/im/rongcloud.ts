/**
 * RongCloud's server API as far as our chat needs it, and the check of its callbacks.
 *
 * Every call to RongCloud's server API carries the headers App-Key, Nonce, Timestamp (milliseconds)
 * and Signature = hex SHA1 of App Secret + Nonce + Timestamp, with a form-encoded body; a wrong
 * signature is answered 401. user/getToken.json takes userId, name, portraitUri and answers
 * {code: 200, userId, token}. group/join.json (userId repeated, groupId, groupName) and
 * group/quit.json (userId repeated, groupId) keep RongCloud's groups in step with ours. A callback from RongCloud to us (the message-routing service, 全量消息路由)
 * carries the query parameters nonce, signTimestamp and signature, the signature made the same way
 * from our App Secret: a callback whose signature does not match is not from RongCloud.
 *
 * Configured by RONGCLOUD_APP_KEY, RONGCLOUD_APP_SECRET and RONGCLOUD_API_URL (default
 * https://api-cn.ronghub.com). No live RongCloud account was tried: the tests run against a local
 * fake that checks the signature exactly as above.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const RONGCLOUD_DEFAULT_API_URL = 'https://api-cn.ronghub.com';

/** hex SHA1 of secret + nonce + timestamp: RongCloud's signature of API calls and of its callbacks */
export const rongSignature = (appSecret: string, nonce: string, timestamp: string) =>
  createHash('sha1').update(`${appSecret}${nonce}${timestamp}`, 'utf8').digest('hex');

export class RongCloudError extends Error {
  constructor(message: string, readonly status?: number, readonly code?: number) {
    super(message);
  }
}

export interface RongCloud {
  appKey: string;
  /** a user token for the client SDK's connect() */
  getToken(user: { userId: string; name: string; portraitUri: string }): Promise<string>;
  /**
   * Puts users in a RongCloud group (group/join.json, the same call as group/create.json: made on
   * first use), so its members may send to it through the SDK; repeated userId fields.
   */
  groupJoin(groupId: string, groupName: string, userIds: string[]): Promise<void>;
  /** Takes users out of a RongCloud group (group/quit.json). */
  groupQuit(groupId: string, userIds: string[]): Promise<void>;
  /** user/blacklist/add.json and remove.json (userId, blackUserId): RongCloud refuses the blocked user's sends (405) */
  blacklist(userId: string, blackUserId: string, add: boolean): Promise<void>;
  /**
   * message/private/publish.json (toUserId) or message/group/publish.json (toGroupId): a message our
   * server stored, from fromUserId, also to RongCloud's clients and history (isIncludeSender 1).
   * RongCloud does not route messages sent by its server API back to us by default.
   */
  publish(to: { toUserId: string } | { toGroupId: string }, fromUserId: string, objectName: string, content: string): Promise<void>;
  /** whether the query of a callback carries RongCloud's signature */
  verifyCallback(query: { nonce?: string; signTimestamp?: string; signature?: string }): boolean;
}

export interface RongCloudConfig {
  appKey: string;
  appSecret: string;
  apiUrl?: string;
  /** how long one API call may take (ms) */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** RONGCLOUD_APP_KEY and RONGCLOUD_APP_SECRET set: the client; unset: undefined (our /ws only). */
export const createRongCloud = (config: Partial<RongCloudConfig>): RongCloud | undefined => {
  if (!config.appKey || !config.appSecret) return undefined;
  const { appKey, appSecret } = config;
  const base = (config.apiUrl || RONGCLOUD_DEFAULT_API_URL).replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 8000;

  const post = async (path: string, form: Record<string, string> | Array<[string, string]>) => {
    const nonce = String(randomBytes(6).readUIntBE(0, 6));
    const timestamp = String(Date.now());
    let res: Response;
    try {
      res = await doFetch(`${base}/${path}`, {
        method: 'POST',
        headers: {
          'App-Key': appKey, Nonce: nonce, Timestamp: timestamp, Signature: rongSignature(appSecret, nonce, timestamp),
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw new RongCloudError(`RongCloud ${path} unreachable: ${e instanceof Error ? e.message : String(e)}`);
    }
    const text = await res.text();
    let body: { code?: number; errorMessage?: string; [k: string]: unknown } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new RongCloudError(`RongCloud ${path} answered ${res.status} with no JSON`, res.status);
    }
    if (res.status !== 200 || body.code !== 200) {
      throw new RongCloudError(`RongCloud ${path} answered ${res.status} code ${body.code}: ${body.errorMessage ?? ''}`, res.status, body.code);
    }
    return body;
  };

  return {
    appKey,
    async getToken(user) {
      const body = await post('user/getToken.json', { userId: user.userId, name: user.name, portraitUri: user.portraitUri });
      if (typeof body.token !== 'string' || body.token === '') throw new RongCloudError('RongCloud user/getToken.json answered no token');
      return body.token;
    },
    async groupJoin(groupId, groupName, userIds) {
      if (userIds.length === 0) return;
      await post('group/join.json', [...userIds.map((u): [string, string] => ['userId', u]), ['groupId', groupId], ['groupName', groupName]]);
    },
    async groupQuit(groupId, userIds) {
      if (userIds.length === 0) return;
      await post('group/quit.json', [...userIds.map((u): [string, string] => ['userId', u]), ['groupId', groupId]]);
    },
    async blacklist(userId, blackUserId, add) {
      await post(add ? 'user/blacklist/add.json' : 'user/blacklist/remove.json', { userId, blackUserId });
    },
    async publish(to, fromUserId, objectName, content) {
      const [path, target] = 'toGroupId' in to ? ['message/group/publish.json', ['toGroupId', to.toGroupId]] : ['message/private/publish.json', ['toUserId', to.toUserId]];
      await post(path, [['fromUserId', fromUserId], target as [string, string], ['objectName', objectName], ['content', content], ['isIncludeSender', '1']]);
    },
    verifyCallback(q) {
      if (!q.nonce || !q.signTimestamp || !q.signature || !/^[0-9a-f]{40}$/i.test(q.signature)) return false;
      const want = Buffer.from(rongSignature(appSecret, q.nonce, q.signTimestamp), 'hex');
      return timingSafeEqual(want, Buffer.from(q.signature.toLowerCase(), 'hex'));
    },
  };
};
