/**
 * The back-office home (/backend): what the caller's company must do now (待处理,
 * docs/architecture.md, "Landing per role"), each count only when the caller holds the codes of
 * the list it links to (sales orders, purchase orders, quotes, after-sales, enquiries, products);
 * the day's stock query and VIN quotas come from the company service as getStockCount and
 * getVinAvailable answer.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import type { BackofficeSummary } from '../../../shared/contracts';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { PURCHASE_ORDER_CODES, SALES_ORDER_CODES } from '../../../shared/domain/orders';
import { AFTERSALE_BUYER_CODES, AFTERSALE_SELLER_CODES } from '../../../shared/domain/aftersale';
import { ENQUIRY_CODES, QUOTE_CODES } from '../../../shared/contracts/codes';
import type { CompanyService } from '../company/company.service';
import * as repo from './backoffice.repo';

export const STOCK_CODES = ['M03', 'C11'] as const;

export const createBackofficeService = (company: CompanyService, clock: Clock) => ({
  async summary(db: Kysely<DB>, caller: Caller): Promise<BackofficeSummary> {
    const may = (codes: readonly string[]) => hasAnyPermission(caller.permissions, codes);
    const id = caller.companyId;
    const mayAfterSale = may(AFTERSALE_SELLER_CODES) || may(AFTERSALE_BUYER_CODES);
    const [sales, stock, queries, vin, employees, quotes, afterSales, toReceive, newQuotes] = await Promise.all([
      may(SALES_ORDER_CODES) ? repo.salesCounts(db, id) : null,
      may(STOCK_CODES) ? repo.stockCounts(db, id) : null,
      company.stockCount(db, caller, id),
      company.vinAvailable(db, caller, id),
      may(['M06']) ? company.employeeLimit(db, caller, id) : null,
      may(QUOTE_CODES) ? repo.quoteCounts(db, id, clock.now()) : null,
      mayAfterSale ? repo.afterSaleCounts(db, id) : null,
      may(PURCHASE_ORDER_CODES) ? repo.toReceive(db, id) : null,
      may(ENQUIRY_CODES) ? repo.newQuotes(db, id) : null,
    ]);
    return {
      sales_pending: sales?.pending ?? null,
      sales_to_ship: sales?.confirmed ?? null,
      quote_open: quotes?.direct ?? null,
      zone_enquiries: quotes?.zone ?? null,
      zone_wanted: quotes?.wanted ?? null,
      zone_makes: quotes?.makes ?? null,
      aftersale_seller: afterSales && may(AFTERSALE_SELLER_CODES) ? afterSales.seller : null,
      aftersale_buyer: afterSales && may(AFTERSALE_BUYER_CODES) ? afterSales.buyer : null,
      purchase_to_receive: toReceive,
      new_quotes: newQuotes,
      stock_zero: stock?.zero ?? null,
      stock_locked: stock?.locked ?? null,
      stock_queries: queries,
      vin: { used: vin.used, available: vin.available, vin_company_order_current_type: vin.vin_company_order_current_type },
      employees,
    };
  },
});

export type BackofficeService = ReturnType<typeof createBackofficeService>;
