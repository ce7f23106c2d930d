import type { Handlers } from '../../http/mount';
import type { LevelsService } from './levels.service';
import type { NoticeTemplatesService } from './notice-templates.service';
import type { ListsService } from './lists.service';

type Names = 'opLevelList' | 'opLevelSave' | 'opLevelCodesSave' | 'opNoticeTemplateList' | 'opNoticeTemplateSave'
  | 'opListEntries' | 'opListEntrySave' | 'opListEntrySetActive';

export const operationSystemHandlers = (svc: { levels: LevelsService; templates: NoticeTemplatesService; lists: ListsService }): Pick<Handlers, Names> => ({
  opLevelList: (_p, ctx) => svc.levels.list(ctx.db),
  opLevelSave: (p, ctx) => svc.levels.save(ctx.db, ctx.caller!, p),
  opLevelCodesSave: (p, ctx) => svc.levels.saveCodes(ctx.db, ctx.caller!, p),
  opNoticeTemplateList: (_p, ctx) => svc.templates.list(ctx.db),
  opNoticeTemplateSave: (p, ctx) => svc.templates.save(ctx.db, ctx.caller!, p),
  opListEntries: (p, ctx) => svc.lists.list(ctx.db, p),
  opListEntrySave: (p, ctx) => svc.lists.save(ctx.db, ctx.caller!, p),
  opListEntrySetActive: (p, ctx) => svc.lists.setActive(ctx.db, ctx.caller!, p),
});
