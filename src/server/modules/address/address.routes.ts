import type { Handlers } from '../../http/mount';
import type { AddressService } from './address.service';

export const addressHandlers = (svc: AddressService): Pick<Handlers, 'addressList' | 'addressSave' | 'addressDelete'> => ({
  addressList: (_p, ctx) => svc.list(ctx.db, ctx.caller!),
  addressSave: (p, ctx) => svc.save(ctx.db, ctx.caller!, p),
  addressDelete: (p, ctx) => svc.remove(ctx.db, ctx.caller!, p.id),
});
