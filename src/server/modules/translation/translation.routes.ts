import type { Handlers } from '../../http/mount';
import type { TranslationService } from './translation.service';

export const translationHandlers = (svc: TranslationService): Pick<Handlers, 'textTranslations'> => ({
  textTranslations: (p, ctx) => svc.translations(ctx.db, ctx.caller!, p),
});
