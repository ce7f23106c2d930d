/**
 * Users of every company for operators: list, disable and enable, reset password,
 * end all sessions. Disabling and resetting sign the user out everywhere at once, as disabling an
 * employee does (auth.signOutEverywhere); each write is in the audit log in the same transaction.
 * A reset makes a temporary password and sends it by SMS through the SMS provider; when the
 * provider does not take the message, nothing changes.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppDeps, Caller, Clock } from '../../http/context';
import { AppError, conflict, forbidden } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type OpUserRow } from '../../../shared/contracts';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { opText } from '../../../shared/domain/operation';
import type { AuthService } from '../auth/auth.service';
import type { SmsProvider } from '../sms/sms.provider';
import * as repo from './users.repo';
import { noticeText } from '../sms/sms.service';
import * as audit from './audit.repo';
import { lockAllOrRefuse } from './bulk';

export const userShape = (r: repo.UserRowDb): OpUserRow => ({
  id: r.id, username: r.username, display_name: r.display_name, mobile: r.mobile ?? '', company_id: r.company_id, company_name: r.company_name,
  company_suspended: r.company_suspended, is_owner: r.is_owner, active: r.active, permissions: r.permissions, sessions: r.sessions,
  created: unix(r.created_at), last_login: unix(r.last_login),
});

/** No 0/O, 1/l/I: read off a phone and typed by hand. Always a letter and a digit (the password rules). */
const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
export const temporaryPassword = () => {
  const all = LETTERS + DIGITS;
  const chars = [LETTERS[randomInt(LETTERS.length)], DIGITS[randomInt(DIGITS.length)], ...Array.from({ length: 8 }, () => all[randomInt(all.length)])];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
};

const notFound = (id: number) => new AppError(ResultCode.notFound, 404, `${opText.userNotFound}（ID ${id}）`);

export const createOpUsersService = (deps: { clock: Clock; auth: AuthService; sms: SmsProvider; log?: AppDeps['log'] }) => {
  const lockAll = (trx: Kysely<DB>, ids: number[]) => lockAllOrRefuse((unique) => repo.lockMany(trx, unique), ids, notFound);

  return {
    async list(db: Kysely<DB>, f: Omit<repo.UserFilter, 'offset' | 'limit'> & { page_number: number; page_size: number }) {
      const { rows, total } = await repo.list(db, { ...f, offset: (f.page_number - 1) * f.page_size, limit: f.page_size }, deps.clock.now());
      return { data: rows.map(userShape), total };
    },

    setActive: (db: Kysely<DB>, caller: Caller, ids: number[], active: boolean) =>
      inTransaction(db, async (trx) => {
        const rows = await lockAll(trx, ids);
        if (!active) {
          if (rows.some((r) => r.id === caller.userId)) throw forbidden(opText.selfDisable);
          if (rows.some((r) => r.company_id === HEAD_COMPANY_ID && r.is_owner)) throw forbidden(opText.headOwnerDisable);
        }
        const todo = rows.filter((r) => r.active !== active);
        if (todo.length === 0) return { changed: 0 };
        await trx.updateTable('app_user').set({ active }).where('id', 'in', todo.map((r) => r.id)).execute();
        if (!active) for (const r of todo) await deps.auth.signOutEverywhere(trx, r.id, 'operator_disabled');
        await audit.record(trx, caller, deps.clock.now(), todo.map((r) => ({
          entity: 'user' as const, entity_id: r.id, action: active ? 'enable' as const : 'disable' as const,
          old: { active: r.active }, new: { active }, note: `${r.username}（企业ID ${r.company_id}）`,
        })));
        return { changed: todo.length };
      }),

    resetPassword: (db: Kysely<DB>, caller: Caller, id: number) =>
      inTransaction(db, async (trx) => {
        const [user] = await lockAll(trx, [id]);
        if (user.id === caller.userId) throw forbidden('自己的密码请在“修改密码”中修改');
        if (!user.mobile) throw conflict(opText.noMobile);
        const password = temporaryPassword();
        await deps.auth.replacePassword(trx, user, await deps.auth.hashPassword(password), 'password_set_by_manager');
        await audit.record(trx, caller, deps.clock.now(), [{
          entity: 'user', entity_id: user.id, action: 'reset_password', note: `${user.username}：临时密码已发送至 ${maskMobile(user.mobile)}`,
        }]);
        // last, so a gateway that refuses the message rolls the new password back with it
        try {
          const text = await noticeText(trx, 'sms_temp_password', { name: user.display_name, password });
          await deps.sms.send({ mobile: user.mobile, purpose: 'temp_password', code: password, text });
        } catch (e) {
          deps.log?.('error', `SMS via ${deps.sms.name} to ${user.mobile} failed`, e);
          throw new AppError(ResultCode.serverError, 502, '短信发送失败，密码未修改，请稍后重试');
        }
        return { mobile: maskMobile(user.mobile) };
      }),

    endSessions: (db: Kysely<DB>, caller: Caller, id: number) =>
      inTransaction(db, async (trx) => {
        const [user] = await lockAll(trx, [id]);
        if (user.id === caller.userId) throw forbidden('不能强制自己下线，请使用“退出登录”');
        const ended = await deps.auth.signOutEverywhere(trx, user.id, 'operator_ended');
        await audit.record(trx, caller, deps.clock.now(), [{ entity: 'user', entity_id: user.id, action: 'end_sessions', new: { sessions_ended: ended }, note: user.username }]);
        return { ended };
      }),
  };
};

const maskMobile = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;

export type OpUsersService = ReturnType<typeof createOpUsersService>;
