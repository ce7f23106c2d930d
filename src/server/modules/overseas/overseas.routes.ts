import type { Handlers } from '../../http/mount';
import type { OverseasService } from './overseas.service';
import { handOver } from '../auth/auth.routes';

type OverseasHandlers = Pick<Handlers,
  | 'overseasRegister' | 'overseasMine' | 'overseasResubmit'
  | 'foreignRegistrationList' | 'foreignRegistrationApprove' | 'foreignRegistrationReject' | 'foreignCompanyList'
  | 'foreignUserList' | 'foreignUserSetActive' | 'foreignVinRecordList' | 'foreignChatSearch' | 'foreignChatMessages'
  | 'foreignQuickReplyList' | 'foreignQuickReplySave'>;

export const overseasHandlers = (svc: OverseasService): OverseasHandlers => ({
  overseasRegister: async (p, ctx) => handOver(ctx, await svc.register(ctx.db, p, ctx.device)),
  overseasMine: (_p, ctx) => svc.mine(ctx.db, ctx.caller!),
  overseasResubmit: (p, ctx) => svc.resubmit(ctx.db, ctx.caller!, p),
  foreignRegistrationList: (p, ctx) => svc.list(ctx.db, { ...p, state: p.state ?? '', province: p.province ?? '', k: p.k ?? '' }, 'review'),
  foreignRegistrationApprove: (p, ctx) => svc.approve(ctx.db, ctx.caller!, p.id),
  foreignRegistrationReject: (p, ctx) => svc.reject(ctx.db, ctx.caller!, p.id, p.reason),
  foreignCompanyList: (p, ctx) => svc.list(ctx.db, { ...p, state: p.state ?? '', province: p.province ?? '', k: p.k ?? '' }, 'newest'),
  foreignUserList: (p, ctx) => svc.users(ctx.db, { ...p, k: p.k ?? '', company: p.company ?? '', active: p.active ?? '' }),
  foreignUserSetActive: (p, ctx) => svc.setUsersActive(ctx.db, ctx.caller!, p.ids, p.active),
  foreignVinRecordList: (p, ctx) => svc.vinRecords(ctx.db, { ...p, vin: p.vin ?? '', company: p.company ?? '', date_from: p.date_from ?? '', date_to: p.date_to ?? '' }),
  foreignChatSearch: (p, ctx) => svc.chats(ctx.db, { ...p, a: p.a ?? '', b: p.b ?? '' }),
  foreignChatMessages: (p, ctx) => svc.chatMessages(ctx.db, ctx.caller!, p),
  foreignQuickReplyList: (p, ctx) => svc.quickReplies(ctx.db, { ...p, k: p.k ?? '', company: p.company ?? '', missing_vn: p.missing_vn ?? '' }),
  foreignQuickReplySave: (p, ctx) => svc.setQuickReplyVn(ctx.db, ctx.caller!, p.id, p.vn_message),
});
