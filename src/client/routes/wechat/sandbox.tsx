import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { WechatSandboxPage } from '../../features/account/WechatSandboxPage';

/** The sandbox's 模拟微信授权 (docs/wechat.md, "Binding"): stands where WeChat's consent page would. */
export const Route = createFileRoute('/wechat/sandbox')({
  validateSearch: v.object({ state: v.fallback(v.string(), ''), redirect_uri: v.fallback(v.string(), '') }),
  beforeLoad: guardedBy({ auth: true }),
  component: function SandboxRoute() {
    const { state, redirect_uri } = Route.useSearch();
    return <WechatSandboxPage state={state} redirect={redirect_uri} />;
  },
});
