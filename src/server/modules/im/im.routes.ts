import type { Handlers } from '../../http/mount';
import type { ImService } from './im.service';
import type { ImSocial } from './im.social';
import type { RongService } from './im.rong';

type ImHandlerNames = 'imSend' | 'imHistory' | 'imSync' | 'imConversations' | 'imMarkRead' | 'imUnreadCount' | 'imContact' | 'imCompanyContact' | 'pushProductMsg'
  | 'getFriendsList' | 'addFriend' | 'remarkFriend' | 'getIMGroupByMember' | 'createIMGroupChat' | 'sendIMGroupMsg' | 'imGroupAddMembers' | 'imGroupQuit'
  | 'getEmployeeData' | 'imInviteService' | 'quickReplyList' | 'quickReplySave' | 'quickReplyDelete' | 'imFeatures' | 'translation' | 'getLoginIm' | 'imBlock' | 'imUnblock' | 'imBlockList';

export const imHandlers = (svc: ImService, social: ImSocial, rong: RongService): Pick<Handlers, ImHandlerNames> => ({
  imSend: (p, ctx) => svc.send(ctx.db, ctx.caller!, p, ctx),
  imHistory: (p, ctx) => svc.history(ctx.db, ctx.caller!, p),
  imSync: (p, ctx) => svc.sync(ctx.db, ctx.caller!, p),
  imConversations: (_p, ctx) => svc.conversations(ctx.db, ctx.caller!),
  imMarkRead: (p, ctx) => svc.markRead(ctx.db, ctx.caller!, p, ctx),
  imUnreadCount: (_p, ctx) => svc.unreadCount(ctx.db, ctx.caller!),
  imContact: (p, ctx) => svc.contact(ctx.db, ctx.caller!, p),
  imCompanyContact: (p, ctx) => svc.companyContact(ctx.db, p),
  pushProductMsg: (p, ctx) => svc.pushProduct(ctx.db, ctx.caller!, p, ctx),
  getFriendsList: (p, ctx) => social.friends(ctx.db, ctx.caller!, p),
  addFriend: (p, ctx) => social.addFriend(ctx.db, ctx.caller!, p),
  remarkFriend: (p, ctx) => social.remarkFriend(ctx.db, ctx.caller!, p),
  getIMGroupByMember: (p, ctx) => social.groupsByMember(ctx.db, ctx.caller!, p),
  createIMGroupChat: (p, ctx) => social.createGroup(ctx.db, ctx.caller!, p, ctx),
  sendIMGroupMsg: (p, ctx) => social.sendGroup(ctx.db, ctx.caller!, p, ctx),
  imGroupAddMembers: (p, ctx) => social.addMembers(ctx.db, ctx.caller!, p, ctx),
  imGroupQuit: (p, ctx) => social.quit(ctx.db, ctx.caller!, p, ctx),
  getEmployeeData: (_p, ctx) => social.employees(ctx.db),
  imInviteService: (p, ctx) => social.inviteService(ctx.db, ctx.caller!, p, ctx),
  quickReplyList: (_p, ctx) => social.quickReplies(ctx.db, ctx.caller!),
  quickReplySave: (p, ctx) => social.saveQuickReply(ctx.db, ctx.caller!, p),
  quickReplyDelete: (p, ctx) => social.deleteQuickReply(ctx.db, ctx.caller!, p),
  imFeatures: async () => social.features(),
  translation: (p) => social.translate(p),
  getLoginIm: (p, ctx) => rong.loginIm(ctx.db, ctx.caller!, p),
  imBlock: (p, ctx) => social.block(ctx.db, ctx.caller!, p, ctx),
  imUnblock: (p, ctx) => social.unblock(ctx.db, ctx.caller!, p, ctx),
  imBlockList: (_p, ctx) => social.blocks(ctx.db, ctx.caller!),
});
