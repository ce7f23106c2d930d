/**
 * Membership level and quotas of a company. A caller sees its own company; the head company sees
 * any. Stock queries are counted per company per calendar day in China (UTC+8); VIN decodes are
 * unlimited within a date-based paid period, else limited to the decodes bought.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { msg } from '../../../shared/messages';
import { AppError, forbidden } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import type { Caller, Clock } from '../../http/context';
import { lapseExpiredLevel } from '../auth/auth.service';
import * as repo from './company.repo';
import { unix } from '../../db/helpers';
import { chinaDay } from '../../../shared/domain/china-time';
import { extraSeats } from '../paid-service/paid-service.read';

/** The company with its level, for the modules that decide by it (prices, contacts, quotas). */
export { companyWithLevel, companyCard, isOwner } from './company.repo';

export const UNLIMITED_STOCK_QUERIES = 9999;

/** The account an open-platform key of the company acts as: its owner (docs/open-platform.md, "Partner calls"). */
export const companyOwner = (db: Kysely<DB>, companyId: number) => repo.ownerUser(db, companyId);


export const createCompanyService = (clock: Clock) => {
  const load = async (db: Kysely<DB>, caller: Caller, companyId: number) => {
    if (caller.companyId !== companyId && caller.companyId !== HEAD_COMPANY_ID) throw forbidden(msg.otherCompany);
    // the caller's own company lapsed when the call came in; another one an operator reads may not have called since its end
    if (caller.companyId !== companyId) await lapseExpiredLevel(db, companyId, clock.now());
    const c = await repo.companyWithLevel(db, companyId);
    if (!c) throw new AppError(ResultCode.notFound, 404, '公司不存在');
    return c;
  };

  const vin = async (db: Kysely<DB>, c: NonNullable<Awaited<ReturnType<typeof repo.companyWithLevel>>>) => {
    const used = await repo.vinQueriesUsed(db, c.id);
    const now = clock.now();
    const dateActive = c.vin_type === 'date' && c.vin_end_at !== null && new Date(c.vin_end_at) > now;
    return {
      vin_company_order_current_type: c.vin_type,
      available: dateActive ? null : Math.max(0, c.vin_sum_qty - used),
      used,
      sum_qty: c.vin_sum_qty,
      end_date: c.vin_type === 'date' ? unix(c.vin_end_at) : 0,
    };
  };

  return {
    async level(db: Kysely<DB>, caller: Caller, companyId: number) {
      const c = await load(db, caller, companyId);
      const [have, used, v, seats] = await Promise.all([repo.activeEmployees(db, c.id), repo.stockQueriesToday(db, c.id, chinaDay(clock.now())), vin(db, c), extraSeats(db, c.id)]);
      return [{
        name: c.name, level_type: c.level_type, is_trial: c.is_trial, level_end_data: unix(c.level_end_at),
        // the level's limit plus the seats bought (docs/money.md#paid-services)
        have, limit: c.employee_limit + seats, total_per_day: c.stock_per_day, used,
        sum_qty: v.sum_qty, sum_available: v.available ?? -1, vin_company_order_current_type: c.vin_type,
      }];
    },
    async vinAvailable(db: Kysely<DB>, caller: Caller, companyId: number) {
      return vin(db, await load(db, caller, companyId));
    },
    async stockCount(db: Kysely<DB>, caller: Caller, companyId: number) {
      const c = await load(db, caller, companyId);
      const used = await repo.stockQueriesToday(db, c.id, chinaDay(clock.now()));
      return { total_per_day: c.stock_per_day, used, unlimited: c.stock_per_day === UNLIMITED_STOCK_QUERIES };
    },
    async employeeLimit(db: Kysely<DB>, caller: Caller, companyId: number) {
      const c = await load(db, caller, companyId);
      return { have: await repo.activeEmployees(db, c.id), limit: c.employee_limit + await extraSeats(db, c.id) };
    },
  };
};

export type CompanyService = ReturnType<typeof createCompanyService>;
