import type { Handlers } from '../../http/mount';
import type { WantedService } from './wanted.service';

export const wantedHandlers = (svc: WantedService): Pick<Handlers, 'publishWanted' | 'getWantedList' | 'wantedMakes'> => ({
  publishWanted: (p, ctx) => svc.publish(ctx.db, ctx.caller!, p),
  getWantedList: (p, ctx) => svc.list(ctx.db, ctx.caller!, p),
  wantedMakes: (_p, ctx) => svc.makes(ctx.db),
});
