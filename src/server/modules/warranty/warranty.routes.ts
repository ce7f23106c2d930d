import type { Handlers } from '../../http/mount';
import type { WarrantyService } from './warranty.service';

export const warrantyHandlers = (svc: WarrantyService): Pick<Handlers, 'opWarrantyTerms' | 'opWarrantyTermSave'> => ({
  opWarrantyTerms: (p, ctx) => svc.terms(ctx.db, p),
  opWarrantyTermSave: (p, ctx) => svc.save(ctx.db, ctx.caller!, p),
});
