import type { Handlers } from '../../http/mount';
import type { BackofficeService } from './backoffice.service';

export const backofficeHandlers = (svc: BackofficeService): Pick<Handlers, 'backofficeSummary'> => ({
  backofficeSummary: (_p, ctx) => svc.summary(ctx.db, ctx.caller!),
});
