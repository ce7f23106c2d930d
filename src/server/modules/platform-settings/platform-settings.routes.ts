import type { Handlers } from '../../http/mount';
import type { PlatformSettingsService } from './platform-settings.service';

type Names = 'opAutopartsCities' | 'opAutopartsCitySave' | 'opAlliances' | 'opAllianceSave' | 'opFreeCities' | 'opFreeCitySave' | 'opPubPages' | 'opPubPageSave'
  | 'myAutopartsCity' | 'myAutopartsCitySave' | 'freeCityRules' | 'pubPageLinks' | 'pubPageGet';

export const platformSettingsHandlers = (svc: PlatformSettingsService): Pick<Handlers, Names> => ({
  opAutopartsCities: (p, ctx) => svc.cities(ctx.db, p),
  opAutopartsCitySave: (p, ctx) => svc.saveCity(ctx.db, ctx.caller!, p),
  opAlliances: (p, ctx) => svc.alliances(ctx.db, p),
  opAllianceSave: (p, ctx) => svc.saveAlliance(ctx.db, ctx.caller!, p),
  opFreeCities: (p, ctx) => svc.freeCities(ctx.db, p),
  opFreeCitySave: (p, ctx) => svc.saveFreeCity(ctx.db, ctx.caller!, p),
  opPubPages: (p, ctx) => svc.pages(ctx.db, p),
  opPubPageSave: (p, ctx) => svc.savePage(ctx.db, ctx.caller!, p),
  myAutopartsCity: (_p, ctx) => svc.myCity(ctx.db, ctx.caller!),
  myAutopartsCitySave: (p, ctx) => svc.saveMyCity(ctx.db, ctx.caller!, p),
  freeCityRules: (_p, ctx) => svc.freeCityRules(ctx.db),
  pubPageLinks: (_p, ctx) => svc.pageLinks(ctx.db),
  pubPageGet: (p, ctx) => svc.page(ctx.db, p.slug),
});
