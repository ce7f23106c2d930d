/**
 * Company levels and their member code templates for operators. company_level is the one
 * place levels live: the storefront's packages (price, duration), the daily stock-query and quote quotas, the
 * employee limit and the VIN decodes a new company starts with are all read from it, so an edit
 * here is what the storefront and the quota checks see on their next read. The templates say which
 * M/C codes a new company's owner gets at registration and which its owners gain on seller approval.
 * Each write locks its level, changes it and appends to the audit log in one transaction; a write
 * that changes nothing records nothing.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, invalid } from '../../http/errors';
import { inTransaction } from '../../db/helpers';
import { ResultCode, type OpLevel } from '../../../shared/contracts';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { opText } from '../../../shared/domain/operation';
import * as audit from './audit.repo';

const levelColumns = ['id', 'name', 'level_type', 'is_trial', 'price_fen', 'duration_months', 'employee_limit', 'stock_per_day', 'quote_per_day', 'vin_type', 'vin_count', 'sort', 'owner_codes', 'seller_codes'] as const;

const platformLevelId = async (db: Kysely<DB>) =>
  (await db.selectFrom('company').select('level_id').where('id', '=', HEAD_COMPANY_ID).executeTakeFirst())?.level_id ?? null;

const levels = async (db: Kysely<DB>, id?: number): Promise<OpLevel[]> => {
  let q = db.selectFrom('company_level').select([...levelColumns, sql<number>`(select count(*)::int from company c where c.level_id = company_level.id)`.as('companies')]);
  if (id !== undefined) q = q.where('id', '=', id);
  const [rows, platform] = await Promise.all([q.orderBy('sort').orderBy('id').execute(), platformLevelId(db)]);
  return rows.map((r) => ({ ...r, platform: r.id === platform, owner_codes: [...r.owner_codes].sort(), seller_codes: [...r.seller_codes].sort() }));
};

const notFound = () => new AppError(ResultCode.notFound, 404, opText.levelNotFound);

/** The level locked for a write. */
const lockLevel = async (trx: Kysely<DB>, id: number) => {
  const row = await trx.selectFrom('company_level').select(levelColumns).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  return row;
};

export interface LevelEdit {
  id: number; name: string; price: number | null; duration_months: number | ''; employee_limit: number; stock_per_day: number; vin_count: number;
  /** undefined: unchanged; null: no limit */
  quote_per_day?: number | null;
}

export const createLevelsService = (deps: { clock: Clock }) => ({
  list: (db: Kysely<DB>) => levels(db),

  save: (db: Kysely<DB>, caller: Caller, p: LevelEdit) =>
    inTransaction(db, async (trx) => {
      const old = await lockLevel(trx, p.id);
      const months = p.duration_months === '' ? null : p.duration_months;
      if (p.price !== null) {
        if (old.level_type === 'free') throw invalid('price', opText.levelFreePrice);
        if (old.id === (await platformLevelId(trx))) throw invalid('price', opText.levelPlatformPrice);
      }
      if (old.vin_type === 'date' && p.vin_count !== 0) throw invalid('vin_count', opText.levelVinCountDate);
      const clash = await trx.selectFrom('company_level').select('id').where('name', '=', p.name).where('id', '<>', p.id).executeTakeFirst();
      if (clash) throw invalid('name', opText.levelNameTaken);
      const next = { name: p.name, price_fen: p.price, duration_months: months, employee_limit: p.employee_limit, stock_per_day: p.stock_per_day, vin_count: p.vin_count,
        quote_per_day: p.quote_per_day === undefined ? old.quote_per_day : p.quote_per_day };
      const before = { name: old.name, price_fen: old.price_fen, duration_months: old.duration_months, employee_limit: old.employee_limit, stock_per_day: old.stock_per_day, vin_count: old.vin_count,
        quote_per_day: old.quote_per_day };
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => next[k] !== before[k]);
      if (changed.length > 0) {
        await trx.updateTable('company_level').set(next).where('id', '=', p.id).execute();
        await audit.record(trx, caller, deps.clock.now(), [{
          entity: 'company_level', entity_id: p.id, action: 'update',
          old: Object.fromEntries(changed.map((k) => [k, before[k]])), new: Object.fromEntries(changed.map((k) => [k, next[k]])),
        }]);
      }
      return (await levels(trx, p.id))[0];
    }),

  saveCodes: (db: Kysely<DB>, caller: Caller, p: { id: number; owner_codes: string[]; seller_codes: string[] }) =>
    inTransaction(db, async (trx) => {
      const old = await lockLevel(trx, p.id);
      const same = (a: readonly string[], b: readonly string[]) => [...a].sort().join(',') === [...b].sort().join(',');
      if (!same(old.owner_codes, p.owner_codes) || !same(old.seller_codes, p.seller_codes)) {
        await trx.updateTable('company_level').set({ owner_codes: p.owner_codes, seller_codes: p.seller_codes }).where('id', '=', p.id).execute();
        await audit.record(trx, caller, deps.clock.now(), [{
          entity: 'company_level', entity_id: p.id, action: 'set_codes',
          old: { owner_codes: [...old.owner_codes].sort(), seller_codes: [...old.seller_codes].sort() }, new: { owner_codes: p.owner_codes, seller_codes: p.seller_codes },
        }]);
      }
      return (await levels(trx, p.id))[0];
    }),
});

export type LevelsService = ReturnType<typeof createLevelsService>;
