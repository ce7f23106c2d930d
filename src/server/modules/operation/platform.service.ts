/**
 * The platform's settings for operators: system parameters (each checked by its rule in
 * shared/domain/system-params.ts, images as uploads of the platform, listed companies existing),
 * the exchange rates with their history, the storefront's announcement, and the home's figures of
 * the China day. Every write appends to the audit log in its transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode } from '../../../shared/contracts';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { opText } from '../../../shared/domain/operation';
import { ANNOUNCEMENT, checkParam, PARAM_BY_KEY, SYSTEM_PARAMS } from '../../../shared/domain/system-params';
import { firstForeignUpload } from '../upload/upload.service';
import * as audit from './audit.repo';
import { chinaDay, chinaMidnight } from '../../../shared/domain/china-time';


export const createPlatformService = (deps: { clock: Clock }) => {
  const setParam = async (trx: Kysely<DB>, caller: Caller, key: string, value: string, description: string) => {
    const old = await trx.selectFrom('system_param').select(['value', 'description']).where('key', '=', key).forUpdate().executeTakeFirst();
    if (old?.value === value) return { key, value, description: old.description };
    await trx.insertInto('system_param').values({ key, value, description })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
    await audit.record(trx, caller, deps.clock.now(), [{ entity: 'system_param', entity_id: key, action: 'set', old: old?.value ?? null, new: value }]);
    return { key, value, description: old?.description ?? description };
  };

  return {
    async configList(db: Kysely<DB>) {
      const rows = await db.selectFrom('system_param').select(['key', 'value', 'description']).where('key', 'in', SYSTEM_PARAMS.map((p) => p.key)).execute();
      return SYSTEM_PARAMS.map((p) => {
        const r = rows.find((x) => x.key === p.key);
        return { key: p.key, value: r?.value ?? '', description: r?.description || p.label };
      });
    },

    configSet: (db: Kysely<DB>, caller: Caller, p: { key: string; value: string }) =>
      inTransaction(db, async (trx) => {
        const def = PARAM_BY_KEY.get(p.key);
        if (!def) throw invalid('key', opText.unknownParam);
        const checked = checkParam(def, p.value);
        if (!checked.ok) throw invalid('value', checked.message);
        const current = await trx.selectFrom('system_param').select('value').where('key', '=', p.key).executeTakeFirst();
        // an image must be a JPG/PNG the platform uploaded (fileUpload checked its bytes and size);
        // the value already stored (e.g. the seeded logo among the app's own icons) may stay
        if (def.kind === 'image' && checked.value !== '' && checked.value !== current?.value
          && (await firstForeignUpload(trx, HEAD_COMPANY_ID, [checked.value])) !== -1) throw invalid('value', `${def.label}：请先上传 JPG/PNG 图片`);
        if (def.kind === 'company_ids' && checked.value !== '') {
          const ids = checked.value.split(',').map(Number);
          const found = await trx.selectFrom('company').select('id').where('id', 'in', ids).execute();
          const missing = ids.find((id) => !found.some((f) => f.id === id));
          if (missing !== undefined) throw invalid('value', `${def.label}：企业ID ${missing} 不存在`);
        }
        return setParam(trx, caller, p.key, checked.value, def.label);
      }),

    auditList: (db: Kysely<DB>, f: Omit<audit.AuditFilter, 'offset' | 'limit'> & { page_number: number; page_size: number }) =>
      audit.list(db, { ...f, offset: (f.page_number - 1) * f.page_size, limit: f.page_size }),

    noticeSet: (db: Kysely<DB>, caller: Caller, text: string) =>
      inTransaction(db, async (trx) => ({ text: (await setParam(trx, caller, ANNOUNCEMENT.key, text, ANNOUNCEMENT.label)).value })),

    async rates(db: Kysely<DB>) {
      const [rates, history] = await Promise.all([
        db.selectFrom('exchange_rate').select(['to_curr_code', 'to_curr_txt', sql<string>`rate_value::text`.as('rate_value'), 'updated_at']).orderBy('to_curr_code').execute(),
        db.selectFrom('exchange_rate_history').select(['id', 'to_curr_code', sql<string | null>`old_value::text`.as('old_value'), sql<string>`rate_value::text`.as('rate_value'), 'set_at', 'username'])
          .orderBy('id', 'desc').limit(200).execute(),
      ]);
      return {
        rates: rates.map((r) => ({ to_curr_code: r.to_curr_code, to_curr_txt: r.to_curr_txt, rate_value: Number(r.rate_value), updated_at: unix(r.updated_at) })),
        history: history.map((h) => ({ id: Number(h.id), to_curr_code: h.to_curr_code, old_value: h.old_value === null ? null : Number(h.old_value), rate_value: Number(h.rate_value), set_at: unix(h.set_at), username: h.username })),
      };
    },

    rateSet: (db: Kysely<DB>, caller: Caller, p: { to_curr_code: string; rate_value: number }) =>
      inTransaction(db, async (trx) => {
        const row = await trx.selectFrom('exchange_rate').select(['to_curr_code', sql<string>`rate_value::text`.as('rate_value'), 'updated_at'])
          .where('to_curr_code', '=', p.to_curr_code).forUpdate().executeTakeFirst();
        if (!row) throw invalid('to_curr_code', `币种 ${p.to_curr_code} 不存在`);
        const now = deps.clock.now();
        // the same rate again on a later China day confirms it as that day's rate (the Vietnam mall sells only at the day's rate, docs/overseas.md)
        if (Number(row.rate_value) === p.rate_value && chinaDay(row.updated_at) === chinaDay(now)) throw new AppError(ResultCode.conflict, 409, opText.rateUnchanged);
        await trx.updateTable('exchange_rate').set({ rate_value: p.rate_value, updated_at: now }).where('to_curr_code', '=', p.to_curr_code).execute();
        await trx.insertInto('exchange_rate_history').values({ to_curr_code: p.to_curr_code, old_value: row.rate_value, rate_value: p.rate_value, set_at: now, user_id: caller.userId, username: caller.username }).execute();
        await audit.record(trx, caller, now, [{ entity: 'exchange_rate', entity_id: p.to_curr_code, action: 'set', old: Number(row.rate_value), new: p.rate_value }]);
        return { to_curr_code: p.to_curr_code, rate_value: p.rate_value };
      }),

    async home(db: Kysely<DB>) {
      const day = chinaDay(deps.clock.now());
      const from = chinaMidnight(day);
      const r = (await sql<{ new_companies: number; pending: number; pending_changes: number; orders: number; amount: string; suspended: number; misses: number }>`select
        (select count(*)::int from company where created_at >= ${from}) as new_companies,
        (select count(*)::int from seller_application where state = 'pending') as pending,
        (select count(*)::int from company_change where state = 'pending') as pending_changes,
        (select count(*)::int from goods_order where created_at >= ${from}) as orders,
        (select coalesce(sum(total_fen), 0)::text from goods_order where created_at >= ${from}) as amount,
        (select count(*)::int from company where suspended_at is not null) as suspended,
        (select coalesce(sum(n), 0)::int from search_miss where day = ${day}::date) as misses`.execute(db)).rows[0];
      const top = await db.selectFrom('search_miss').select(['text', 'n']).where('day', '=', day).orderBy('n', 'desc').orderBy('text').limit(5).execute();
      return {
        day,
        new_companies: { value: r.new_companies }, pending_audits: { value: r.pending }, pending_changes: { value: r.pending_changes },
        orders: { value: r.orders, amount_fen: Number(r.amount) },
        empty_searches: { value: r.misses, top: top.map((t) => ({ text: t.text, n: t.n })) },
        suspended_companies: { value: r.suspended },
      };
    },
  };
};

export type PlatformService = ReturnType<typeof createPlatformService>;
