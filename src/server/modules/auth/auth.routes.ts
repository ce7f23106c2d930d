import type { Handlers } from '../../http/mount';
import type { AuthService } from './auth.service';

type AuthHandlers = Pick<Handlers, 'userAuth' | 'userProfileGet' | 'userLogout' | 'tokenRefresh'>;

export const authHandlers = (auth: AuthService): AuthHandlers => ({
  userAuth: (p, ctx) => auth.login(ctx.db, p.username, p.password, ctx.device, ctx.address),
  userProfileGet: (_p, ctx) => auth.profile(ctx.db, ctx.caller!),
  userLogout: (_p, ctx) => auth.logout(ctx.db, ctx.caller!),
  tokenRefresh: (p, ctx) => auth.refresh(ctx.db, p.refresh_token),
});
