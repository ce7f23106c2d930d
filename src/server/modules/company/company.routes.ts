import type { Handlers } from '../../http/mount';
import type { CompanyService } from './company.service';

export const companyHandlers = (svc: CompanyService): Pick<Handlers, 'getCompanyLevel' | 'getVinAvailable' | 'getStockCount' | 'getEmployeeLimit'> => ({
  getCompanyLevel: (p, ctx) => svc.level(ctx.db, ctx.caller!, p.company_id),
  getVinAvailable: (p, ctx) => svc.vinAvailable(ctx.db, ctx.caller!, p.company_id),
  getStockCount: (p, ctx) => svc.stockCount(ctx.db, ctx.caller!, p.company_id),
  getEmployeeLimit: (p, ctx) => svc.employeeLimit(ctx.db, ctx.caller!, p.company_id),
});
