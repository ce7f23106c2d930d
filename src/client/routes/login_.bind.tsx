import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../lib/router-guard';
import { WechatBindPage } from '../features/account/WechatBindPage';

/** /login/bind: 微信通知, one's WeChat binding (docs/wechat.md, "Binding"); outside the layouts, like /pay/sandbox. */
export const Route = createFileRoute('/login_/bind')({
  beforeLoad: guardedBy({ auth: true }),
  component: WechatBindPage,
});
