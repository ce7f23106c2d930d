import type { Handlers } from '../../http/mount';
import type { LevelsService } from './levels.service';
import type { NoticeTemplatesService } from './notice-templates.service';

type Names = 'opLevelList' | 'opLevelSave' | 'opLevelCodesSave' | 'opNoticeTemplateList' | 'opNoticeTemplateSave';

export const operationSystemHandlers = (svc: { levels: LevelsService; templates: NoticeTemplatesService }): Pick<Handlers, Names> => ({
  opLevelList: (_p, ctx) => svc.levels.list(ctx.db),
  opLevelSave: (p, ctx) => svc.levels.save(ctx.db, ctx.caller!, p),
  opLevelCodesSave: (p, ctx) => svc.levels.saveCodes(ctx.db, ctx.caller!, p),
  opNoticeTemplateList: (_p, ctx) => svc.templates.list(ctx.db),
  opNoticeTemplateSave: (p, ctx) => svc.templates.save(ctx.db, ctx.caller!, p),
});
