import type { Handlers } from '../../http/mount';
import type { MerchantsService } from './merchants.service';
import type { ChatHistoryService } from './chat-history.service';

type Names = 'getRecommendCompanies' | 'getCompanyRelation' | 'opRecommendList' | 'opRecommendSave' | 'opRelationList' | 'opRelationLink' | 'opRelationUnlink'
  | 'opReviewList' | 'opReviewApprove' | 'opReviewReject' | 'opChatSearch' | 'opChatMessages' | 'opChatGroupSearch' | 'opChatGroupMessages';

export const opCompanyHandlers = (svc: { merchants: MerchantsService; chat: ChatHistoryService }): Pick<Handlers, Names> => ({
  getRecommendCompanies: (_p, ctx) => svc.merchants.publicList(ctx.db),
  getCompanyRelation: (p, ctx) => svc.merchants.relationOf(ctx.db, p.company_id, true),
  opRecommendList: (_p, ctx) => svc.merchants.recommendList(ctx.db),
  opRecommendSave: (p, ctx) => svc.merchants.recommendSave(ctx.db, ctx.caller!, p.ids),
  opRelationList: (p, ctx) => svc.merchants.relationList(ctx.db, p),
  opRelationLink: (p, ctx) => svc.merchants.relationLink(ctx.db, ctx.caller!, p),
  opRelationUnlink: (p, ctx) => svc.merchants.relationUnlink(ctx.db, ctx.caller!, p.branch_id),
  opReviewList: (p, ctx) => svc.merchants.reviewList(ctx.db, p),
  opReviewApprove: (p, ctx) => svc.merchants.reviewApprove(ctx.db, ctx.caller!, p.id),
  opReviewReject: (p, ctx) => svc.merchants.reviewReject(ctx.db, ctx.caller!, p.id, p.reason),
  opChatSearch: (p, ctx) => svc.chat.search(ctx.db, p),
  opChatMessages: (p, ctx) => svc.chat.messages(ctx.db, ctx.caller!, p),
  opChatGroupSearch: (p, ctx) => svc.chat.groupSearch(ctx.db, p),
  opChatGroupMessages: (p, ctx) => svc.chat.groupMessages(ctx.db, ctx.caller!, p),
});
