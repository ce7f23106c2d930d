import type { Handlers } from '../../http/mount';
import * as repo from './exchange.repo';

export const exchangeHandlers = (): Pick<Handlers, 'getExchangerateList'> => ({
  getExchangerateList: async (p, ctx) =>
    (await repo.listRates(ctx.db, p.to_curr_txt || undefined)).map((r) => ({
      to_curr_code: r.to_curr_code, to_curr_txt: r.to_curr_txt, rate_value: Number(r.rate_value),
    })),
});
