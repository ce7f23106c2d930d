import type { Handlers } from '../../http/mount';
import type { Clock } from '../../http/context';
import * as repo from './system.repo';
import { unix } from '../../db/helpers';

export const systemHandlers = (clock: Clock): Pick<Handlers, 'config' | 'getAdByCode'> => ({
  config: async (p, ctx) => Object.fromEntries((await repo.paramsByKeys(ctx.db, p.keys)).map((r) => [r.key, r.value])),
  getAdByCode: async (p, ctx) =>
    (await repo.liveAdsByCodes(ctx.db, p.codes, clock.now())).map((a) => ({
      code: a.code, images_url: a.images_url, images_width: a.images_width, click_url: a.click_url,
      start_date: unix(a.start_at), end_data: unix(a.end_at),
    })),
});
