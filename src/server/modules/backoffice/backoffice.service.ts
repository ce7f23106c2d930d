/**
 * The back-office home (/backend): a few counts of the caller's company, each only when the caller
 * holds the code of the area it belongs to (sales orders, products, organisation); the day's stock
 * query and VIN quotas come from the company service as getStockCount and getVinAvailable answer.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { BackofficeSummary } from '../../../shared/contracts';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { SALES_ORDER_CODES } from '../../../shared/domain/orders';
import type { CompanyService } from '../company/company.service';
import * as repo from './backoffice.repo';

export const STOCK_CODES = ['M03', 'C11'] as const;

export const createBackofficeService = (company: CompanyService) => ({
  async summary(db: Kysely<DB>, caller: Caller): Promise<BackofficeSummary> {
    const may = (codes: readonly string[]) => hasAnyPermission(caller.permissions, codes);
    const [sales, stock, queries, vin, employees] = await Promise.all([
      may(SALES_ORDER_CODES) ? repo.salesCounts(db, caller.companyId) : null,
      may(STOCK_CODES) ? repo.stockCounts(db, caller.companyId) : null,
      company.stockCount(db, caller, caller.companyId),
      company.vinAvailable(db, caller, caller.companyId),
      may(['M06']) ? company.employeeLimit(db, caller, caller.companyId) : null,
    ]);
    return {
      sales_pending: sales?.pending ?? null,
      sales_to_ship: sales?.confirmed ?? null,
      stock_zero: stock?.zero ?? null,
      stock_locked: stock?.locked ?? null,
      stock_queries: queries,
      vin: { used: vin.used, available: vin.available, vin_company_order_current_type: vin.vin_company_order_current_type },
      employees,
    };
  },
});

export type BackofficeService = ReturnType<typeof createBackofficeService>;
