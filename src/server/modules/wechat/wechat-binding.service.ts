/**
 * 微信通知: binding a signed-in user's WeChat (docs/wechat.md, "Binding").
 *
 * 绑定微信 stores a one-time `state` (random, tied to the caller's user and session, valid
 * WECHAT_STATE_MINUTES) and answers the provider's authorisation address. The callback page
 * (/login/oauth) sends back `code` and `state`: the state must exist, be this session's, unused and
 * unexpired; the code is exchanged for the openid, which must not be another user's; then the
 * binding is saved and the state spent, in one transaction. Any refusal changes nothing.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { conflict, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { WECHAT_STATE_MINUTES, wechatText } from '../../../shared/domain/wechat';
import type { WechatBinding } from '../../../shared/contracts/wechat-binding';
import * as repo from './wechat.repo';
import type { WechatOAuth } from './wechat.oauth';

const isUnique = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

export const createWechatBindingService = (deps: { clock: Clock; oauth: WechatOAuth; siteUrl?: string }) => {
  const shape = (row: Awaited<ReturnType<typeof repo.binding>>): WechatBinding => ({
    bound: !!row, openid_tail: row ? `…${row.openid.slice(-4)}` : '', bound_at: row ? unix(row.bound_at) : 0, provider: deps.oauth.name,
  });

  return {
    status: async (db: Kysely<DB>, caller: Caller) => shape(await repo.binding(db, caller.userId)),

    async start(db: Kysely<DB>, caller: Caller, p: { site_origin: string }) {
      if (await repo.binding(db, caller.userId)) throw conflict(wechatText.alreadyBound);
      const state = randomBytes(18).toString('base64url');
      const now = deps.clock.now();
      await repo.insertState(db, { state, user_id: caller.userId, session_id: caller.sessionId, created_at: now, expires_at: new Date(now.getTime() + WECHAT_STATE_MINUTES * 60_000) });
      // the configured address when there is one (the official account checks its domain), else the page's own
      const redirect = `${(deps.siteUrl ?? p.site_origin).replace(/\/+$/, '')}/login/oauth`;
      return { url: deps.oauth.authorizeUrl(state, redirect) };
    },

    finish: (db: Kysely<DB>, caller: Caller, p: { auth_code: string; auth_state: string }) =>
      inTransaction(db, async (trx) => {
        const s = await repo.stateForUpdate(trx, p.auth_state);
        if (!s) throw invalid('auth_state', wechatText.stateUnknown);
        if (s.user_id !== caller.userId || Number(s.session_id) !== caller.sessionId) throw invalid('auth_state', wechatText.stateOtherSession);
        if (s.used_at) {
          // the same callback again (a reload, a retry after a lost answer): it bound this session's user, say so
          const bound = await repo.binding(trx, caller.userId);
          if (bound) return shape(bound);
          throw invalid('auth_state', wechatText.stateUsed);
        }
        const now = deps.clock.now();
        if (s.expires_at.getTime() <= now.getTime()) throw invalid('auth_state', wechatText.stateExpired);
        const mine = await repo.binding(trx, caller.userId);
        if (mine) throw conflict(wechatText.alreadyBound);
        let openid: string;
        try {
          openid = await deps.oauth.openidFor(p.auth_code);
        } catch (e) {
          throw invalid('auth_code', e instanceof Error ? e.message : String(e));
        }
        if (await repo.bindingOfOpenid(trx, openid)) throw conflict(wechatText.openidTaken);
        try {
          await repo.bind(trx, caller.userId, openid, now);
        } catch (e) {
          // another request bound it meanwhile
          if (isUnique(e)) throw conflict(wechatText.openidTaken);
          throw e;
        }
        await repo.spendState(trx, p.auth_state, now);
        return shape(await repo.binding(trx, caller.userId));
      }),

    async unbind(db: Kysely<DB>, caller: Caller) {
      const r = await repo.unbind(db, caller.userId);
      if (Number(r.numDeletedRows) === 0) throw conflict(wechatText.notBound);
      return shape(undefined);
    },
  };
};

export type WechatBindingService = ReturnType<typeof createWechatBindingService>;

/** The sweep's part (sweep.ts): states expired a day ago can no longer change any answer. */
export const purgeWechatStates = (db: Kysely<DB>, now: Date) => repo.deleteOldStates(db, new Date(now.getTime() - 86_400_000));
