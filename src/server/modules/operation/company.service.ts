/**
 * Companies for operators: list, detail, edit, level and expiry, suspend and restore.
 * Every write locks its rows, changes them and appends to the audit log in one transaction.
 * Suspending signs every user of the company out at once (their next call gets 908, open sockets
 * are told), refuses their sign-in, and puts the company's stock on sale aside so no search,
 * shop, cart or chat finds it; restoring brings back exactly those rows.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type OpCompanyRow } from '../../../shared/contracts';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { opText } from '../../../shared/domain/operation';
import type { AuthService } from '../auth/auth.service';
import * as repo from './company.repo';
import * as audit from './audit.repo';
import { lockAllOrRefuse } from './bulk';
import { relationOf } from './merchants.service';
import { userShape } from './users.service';
import * as usersRepo from './users.repo';
import type { ImService } from '../im/im.service';
import * as imRead from '../im/im.read';
import { membershipGrantedNotice } from '../im/notices';
import { chinaDay, chinaDayEnd } from '../../../shared/domain/china-time';

const notFound = (id: number) => new AppError(ResultCode.notFound, 404, `${opText.companyNotFound}（ID ${id}）`);

const shape = (r: repo.CompanyRowDb): OpCompanyRow => ({
  id: r.id, name: r.name, short_name: r.short_name, province: r.province, city: r.city, phone: r.phone,
  is_seller: r.is_seller, business_type: r.business_type, level_id: r.level_id, level_name: r.level_name, level_type: r.level_type, level_end: unix(r.level_end_at),
  suspended: r.suspended_at !== null, suspend_reason: r.suspend_reason, users: r.user_count, stock: r.stock_count, created: unix(r.created_at),
});

const levelShape = (l: { id: number; name: string; level_type: 'free' | 'paid'; is_trial: boolean }) => ({ id: l.id, name: l.name, level_type: l.level_type, is_trial: l.is_trial });


/** notices: the message assistant tells a company's owners when an operator gives it a paid level */
export const createOpCompanyService = (deps: { clock: Clock; auth: AuthService; notices?: Pick<ImService, 'postNotice'> }) => {
  const lockAll = (trx: Kysely<DB>, ids: number[]) => lockAllOrRefuse((unique) => repo.lockMany(trx, unique), ids, notFound);

  return {
    async list(db: Kysely<DB>, f: Omit<repo.CompanyFilter, 'offset' | 'limit'> & { page_number: number; page_size: number }) {
      const [{ rows, total }, levels, groups] = await Promise.all([
        repo.list(db, { ...f, offset: (f.page_number - 1) * f.page_size, limit: f.page_size }),
        repo.levels(db), repo.groups(db),
      ]);
      return { data: rows.map(shape), total, levels: levels.map(levelShape), groups };
    },

    async detail(db: Kysely<DB>, id: number) {
      const c = await repo.byId(db, id);
      if (!c) throw notFound(id);
      const [users, stock, orders, packages, changes, levels, relation] = await Promise.all([
        usersRepo.list(db, { k: '', company: '', company_id: id, active: '', offset: 0, limit: 500 }, deps.clock.now()),
        repo.stockStates(db, id), repo.orderCounts(db, id), repo.paidPackages(db, id),
        audit.ofEntity(db, 'company', id, ['set_level', 'suspend', 'restore']), repo.levels(db), relationOf(db, id, false),
      ]);
      const levelName = (lid: unknown) => levels.find((l) => l.id === lid)?.name ?? String(lid);
      const membership = [
        ...packages.map((p) => ({
          at: unix(p.paid_at), kind: 'purchase' as const, by: p.username,
          text: `购买${p.level_name}（${p.duration_months}个月，¥${(p.amount_fen / 100).toFixed(2)}），到期 ${p.level_end_after ? chinaDay(new Date(p.level_end_after)) : '—'}`,
        })),
        ...changes.map((a) => {
          const o = (a.old_value ?? {}) as { level_id?: number; level_end?: string | null; reason?: string };
          const n = (a.new_value ?? {}) as { level_id?: number; level_end?: string | null; reason?: string };
          const text = a.action === 'set_level'
            ? `等级 ${levelName(o.level_id)}（到期 ${o.level_end || '不限'}）→ ${levelName(n.level_id)}（到期 ${n.level_end || '不限'}）`
            : a.action === 'suspend' ? `停用：${n.reason ?? ''}` : '恢复';
          return { at: unix(a.at), kind: 'operator' as const, by: a.username, text };
        }),
      ].sort((a, b) => b.at - a.at);
      return {
        company: { ...shape(c), address: c.address, qq: c.qq },
        users: users.rows.map(userShape), stock, orders, membership, levels: levels.map(levelShape), relation,
      };
    },

    update: (db: Kysely<DB>, caller: Caller, p: { id: number; name: string; short_name: string; phone: string; province: string; city: string; address: string }) =>
      inTransaction(db, async (trx) => {
        await lockAll(trx, [p.id]);
        const before = await trx.selectFrom('company').select(['name', 'short_name', 'phone', 'province', 'city', 'address']).where('id', '=', p.id).executeTakeFirstOrThrow();
        const after = { name: p.name, short_name: p.short_name, phone: p.phone, province: p.province, city: p.city, address: p.address };
        const changed = (Object.keys(after) as Array<keyof typeof after>).filter((k) => before[k] !== after[k]);
        if (changed.length === 0) return null;
        await trx.updateTable('company').set(after).where('id', '=', p.id).execute();
        await audit.record(trx, caller, deps.clock.now(), [{
          entity: 'company', entity_id: p.id, action: 'update',
          old: Object.fromEntries(changed.map((k) => [k, before[k]])), new: Object.fromEntries(changed.map((k) => [k, after[k]])),
        }]);
        return null;
      }),

    setLevel: (db: Kysely<DB>, caller: Caller, p: { id: number; level_id: number; level_end: string }, ctx?: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        if (p.id === HEAD_COMPANY_ID) throw forbidden('平台运营公司的等级不能修改');
        const [company] = await lockAll(trx, [p.id]);
        const level = (await repo.levels(trx)).find((l) => l.id === p.level_id);
        if (!level) throw invalid('level_id', opText.levelNotFound);
        const platform = await trx.selectFrom('company').select('level_id').where('id', '=', HEAD_COMPANY_ID).executeTakeFirst();
        if (platform && platform.level_id === level.id) throw invalid('level_id', '该等级只属于平台运营公司');
        const needsEnd = level.level_type === 'paid' || level.is_trial;
        if (needsEnd && p.level_end === '') throw invalid('level_end', opText.levelEndRequired);
        if (!needsEnd && p.level_end !== '') throw invalid('level_end', opText.levelEndFree);
        const end = p.level_end === '' ? null : chinaDayEnd(p.level_end);
        if (end && end <= deps.clock.now()) throw invalid('level_end', opText.levelEndPast);
        const oldEnd = company.level_end_at ? chinaDay(new Date(company.level_end_at)) : null;
        if (company.level_id === level.id && oldEnd === (end ? p.level_end : null)) return null;
        // a date-based VIN level gives unlimited decodes until the level ends, as a purchase does
        await trx.updateTable('company').set({ level_id: level.id, level_end_at: end, ...(level.vin_type === 'date' ? { vin_end_at: end } : {}) })
          .where('id', '=', p.id).execute();
        await audit.record(trx, caller, deps.clock.now(), [{
          entity: 'company', entity_id: p.id, action: 'set_level',
          old: { level_id: company.level_id, level_end: oldEnd }, new: { level_id: level.id, level_end: end ? p.level_end : null },
        }]);
        if (deps.notices && ctx && level.level_type === 'paid' && !level.is_trial) {
          await deps.notices.postNotice(trx, {
            to: await imRead.ownersOf(trx, p.id),
            ...membershipGrantedNotice({ company_id: p.id, level_id: level.id, level_name: level.name, level_end: end }),
          }, ctx);
        }
        return null;
      }),

    suspend: (db: Kysely<DB>, caller: Caller, ids: number[], reason: string) =>
      inTransaction(db, async (trx) => {
        if (ids.includes(HEAD_COMPANY_ID)) throw forbidden(opText.headCompanySuspend);
        const rows = (await lockAll(trx, ids)).filter((r) => r.suspended_at === null);
        if (rows.length === 0) return { changed: 0 };
        const todo = rows.map((r) => r.id);
        const now = deps.clock.now();
        await trx.updateTable('company').set({ suspended_at: now, suspend_reason: reason }).where('id', 'in', todo).execute();
        const entries = [];
        for (const id of todo) {
          const moved = await repo.moveStock(trx, [id], 'on', 'suspended');
          entries.push({ entity: 'company' as const, entity_id: id, action: 'suspend' as const, old: { suspended: false }, new: { suspended: true, reason, stock_removed: moved } });
        }
        for (const userId of await repo.userIdsOf(trx, todo)) await deps.auth.signOutEverywhere(trx, userId, 'company_suspended');
        await audit.record(trx, caller, now, entries);
        return { changed: todo.length };
      }),

    restore: (db: Kysely<DB>, caller: Caller, ids: number[]) =>
      inTransaction(db, async (trx) => {
        const rows = (await lockAll(trx, ids)).filter((r) => r.suspended_at !== null);
        if (rows.length === 0) return { changed: 0 };
        const todo = rows.map((r) => r.id);
        await trx.updateTable('company').set({ suspended_at: null, suspend_reason: '' }).where('id', 'in', todo).execute();
        const entries = [];
        for (const r of rows) {
          const moved = await repo.moveStock(trx, [r.id], 'suspended', 'on');
          entries.push({ entity: 'company' as const, entity_id: r.id, action: 'restore' as const, old: { suspended: true, reason: r.suspend_reason }, new: { suspended: false, stock_restored: moved } });
        }
        await audit.record(trx, caller, deps.clock.now(), entries);
        return { changed: todo.length };
      }),
  };
};

export type OpCompanyService = ReturnType<typeof createOpCompanyService>;
