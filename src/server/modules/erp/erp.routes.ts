import type { Handlers } from '../../http/mount';
import type { ErpService } from './erp.service';

type Names = 'opErpList' | 'opErpSave' | 'opErpSetActive' | 'erpChoiceGet' | 'erpChoiceSave' | 'opYigouList' | 'opCompanyErpList';

export const erpHandlers = (svc: ErpService): Pick<Handlers, Names> => ({
  opErpList: (p, ctx) => svc.products(ctx.db, p),
  opErpSave: (p, ctx) => svc.save(ctx.db, ctx.caller!, p),
  opErpSetActive: (p, ctx) => svc.setActive(ctx.db, ctx.caller!, p),
  erpChoiceGet: (_p, ctx) => svc.choice(ctx.db, ctx.caller!),
  erpChoiceSave: (p, ctx) => svc.saveChoice(ctx.db, ctx.caller!, p),
  opYigouList: (p, ctx) => svc.yigou(ctx.db, p),
  opCompanyErpList: (p, ctx) => svc.companies(ctx.db, p),
});
