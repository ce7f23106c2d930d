import type { Handlers } from '../../http/mount';
import type { WantedService } from './wanted.service';

type Names = 'publishWanted' | 'createAsktobuy' | 'updateAsktobuy' | 'getWantedList' | 'wantedMakes';

export const wantedHandlers = (svc: WantedService): Pick<Handlers, Names> => ({
  publishWanted: (p, ctx) => svc.publish(ctx.db, ctx.caller!, p),
  createAsktobuy: (p, ctx) => svc.publish(ctx.db, ctx.caller!, p),
  updateAsktobuy: (p, ctx) => svc.update(ctx.db, ctx.caller!, p),
  getWantedList: (p, ctx) => svc.list(ctx.db, ctx.caller!, p),
  wantedMakes: (_p, ctx) => svc.makes(ctx.db),
});
