import type { Handlers } from '../../http/mount';
import type { WechatService } from './wechat.service';

type Names = 'opWechatTemplates' | 'opWechatTemplateSave' | 'opWechatMessages';

/** 微信模板消息 (docs/wechat.md). */
export const wechatHandlers = (svc: WechatService): Pick<Handlers, Names> => ({
  opWechatTemplates: (_p, ctx) => svc.templates(ctx.db),
  opWechatTemplateSave: (p, ctx) => svc.save(ctx.db, ctx.caller!, p),
  opWechatMessages: (p, ctx) => svc.messages(ctx.db, p),
});
