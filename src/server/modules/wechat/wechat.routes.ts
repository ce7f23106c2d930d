import type { Handlers } from '../../http/mount';
import type { WechatService } from './wechat.service';
import type { WechatBindingService } from './wechat-binding.service';

type Names = 'opWechatTemplates' | 'opWechatTemplateSave' | 'opWechatMessages';
type BindingNames = 'wechatBinding' | 'wechatBindStart' | 'wechatBindFinish' | 'wechatUnbind';

/** 微信模板消息 (docs/wechat.md). */
export const wechatHandlers = (svc: WechatService): Pick<Handlers, Names> => ({
  opWechatTemplates: (_p, ctx) => svc.templates(ctx.db),
  opWechatTemplateSave: (p, ctx) => svc.save(ctx.db, ctx.caller!, p),
  opWechatMessages: (p, ctx) => svc.messages(ctx.db, p),
});

/** 微信通知: the caller's own binding (docs/wechat.md, "Binding"). */
export const wechatBindingHandlers = (svc: WechatBindingService): Pick<Handlers, BindingNames> => ({
  wechatBinding: (_p, ctx) => svc.status(ctx.db, ctx.caller!),
  wechatBindStart: (p, ctx) => svc.start(ctx.db, ctx.caller!, p),
  wechatBindFinish: (p, ctx) => svc.finish(ctx.db, ctx.caller!, p),
  wechatUnbind: (_p, ctx) => svc.unbind(ctx.db, ctx.caller!),
});
