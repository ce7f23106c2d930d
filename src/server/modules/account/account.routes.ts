import type { Handlers } from '../../http/mount';
import type { AccountService } from './account.service';
import { handOver } from '../auth/auth.routes';

type AccountHandlers = Pick<Handlers, 'smsCodeSend' | 'userRegister' | 'passwordReset' | 'passwordChange' | 'accountProfileGet' | 'accountProfileUpdate' | 'accountLangSet'>;

export const accountHandlers = (svc: AccountService): AccountHandlers => ({
  smsCodeSend: (p, ctx) => svc.sendCode(ctx.db, p.mobile, p.purpose, ctx.address),
  userRegister: async (p, ctx) => handOver(ctx, await svc.register(ctx.db, p, ctx.device)),
  passwordReset: (p, ctx) => svc.resetPassword(ctx.db, p),
  passwordChange: (p, ctx) => svc.changePassword(ctx.db, ctx.caller!, p, ctx.address),
  accountProfileGet: (_p, ctx) => svc.profile(ctx.db, ctx.caller!),
  accountProfileUpdate: (p, ctx) => svc.updateProfile(ctx.db, ctx.caller!, p),
  accountLangSet: (p, ctx) => svc.setLang(ctx.db, ctx.caller!, p),
});
