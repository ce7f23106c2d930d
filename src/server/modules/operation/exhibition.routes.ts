import type { Handlers } from '../../http/mount';
import type { ExhibitionService } from './exhibition.service';

type Names = 'opExhibitionList' | 'opExhibitionRemove';

export const opExhibitionHandlers = (svc: ExhibitionService): Pick<Handlers, Names> => ({
  opExhibitionList: (p, ctx) => svc.list(ctx.db, p),
  opExhibitionRemove: (p, ctx) => svc.remove(ctx.db, ctx.caller!, p, ctx),
});
