import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../lib/router-guard';
import { WechatOAuthPage } from '../features/account/WechatOAuthPage';

/** /login/oauth: the WeChat authorisation's way back, with code and state (docs/wechat.md, "Binding"). */
export const Route = createFileRoute('/login_/oauth')({
  validateSearch: v.object({ code: v.fallback(v.string(), ''), state: v.fallback(v.string(), '') }),
  // the state is tied to the session that started the binding
  beforeLoad: guardedBy({ auth: true }),
  component: function OAuthRoute() {
    const { code, state } = Route.useSearch();
    return <WechatOAuthPage key={state} code={code} state={state} />;
  },
});
