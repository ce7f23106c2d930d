import type { Handlers } from '../../http/mount';
import type { RequestContext } from '../../http/context';
import { AppError, signedOut } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import { REFRESH_TTL_S, type AuthService } from './auth.service';

type AuthHandlers = Pick<Handlers, 'userAuth' | 'userProfileGet' | 'userLogout' | 'tokenRefresh'>;

/** A new token pair for the page: the refresh token into the HttpOnly cookie, the access token into the answer. */
export const handOver = (ctx: RequestContext, pair: { access_token: string; refresh_token: string; expires_in: number }) => {
  ctx.session.set(pair.refresh_token, REFRESH_TTL_S);
  return { access_token: pair.access_token, expires_in: pair.expires_in };
};

export const authHandlers = (auth: AuthService): AuthHandlers => ({
  userAuth: async (p, ctx) => handOver(ctx, await auth.login(ctx.db, p.username, p.password, ctx.device, ctx.address)),
  userProfileGet: (_p, ctx) => auth.profile(ctx.db, ctx.caller!),
  userLogout: (_p, ctx) => {
    ctx.session.clear();
    return auth.logout(ctx.db, ctx.caller!);
  },
  tokenRefresh: async (_p, ctx) => {
    const token = ctx.session.refreshToken();
    try {
      if (!token) throw signedOut(msg.refreshInvalid);
      return handOver(ctx, await auth.refresh(ctx.db, token));
    } catch (e) {
      // a refused refresh token can never work again: the browser need not keep sending it
      if (e instanceof AppError && e.code === ResultCode.signedOut) ctx.session.clear();
      throw e;
    }
  },
});
