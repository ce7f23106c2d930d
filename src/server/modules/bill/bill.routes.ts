import type { Handlers } from '../../http/mount';
import type { BillService } from './bill.service';

type Names = 'billMonths' | 'billGet' | 'opBillList' | 'opBillGet' | 'vnBillMonths' | 'vnBillGet' | 'opForeignBillList' | 'opForeignBillGet';

export const billHandlers = (svc: BillService): Pick<Handlers, Names> => ({
  billMonths: (p, ctx) => svc.months(ctx.db, ctx.caller!, p),
  billGet: (p, ctx) => svc.get(ctx.db, ctx.caller!, p.month),
  opBillList: (p, ctx) => svc.operatorList(ctx.db, p),
  opBillGet: (p, ctx) => svc.operatorGet(ctx.db, p.company_id, p.month),
  vnBillMonths: (p, ctx) => svc.vnMonths(ctx.db, ctx.caller!, p),
  vnBillGet: (p, ctx) => svc.vnGet(ctx.db, ctx.caller!, p.month),
  opForeignBillList: (p, ctx) => svc.operatorVnList(ctx.db, p),
  opForeignBillGet: (p, ctx) => svc.operatorVnGet(ctx.db, p.company_id, p.month),
});
