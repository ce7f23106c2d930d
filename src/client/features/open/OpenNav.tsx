/** The console's tabs: keys, call log, webhooks (features/webhook), and the way to the document. */
import { Link } from '@tanstack/react-router';

export function OpenNav({ at }: { at: 'keys' | 'log' | 'webhook' }) {
  return (
    <nav className="open-console-nav" aria-label="开放平台控制台">
      <Link to="/open/controlPanel" activeOptions={{ exact: true }} className={at === 'keys' ? 'active' : ''} aria-current={at === 'keys' ? 'page' : undefined}>接口密钥</Link>
      <Link to="/open/controlPanel/log" className={at === 'log' ? 'active' : ''} aria-current={at === 'log' ? 'page' : undefined}>调用记录</Link>
      <Link to="/open/controlPanel/webhook" className={at === 'webhook' ? 'active' : ''} aria-current={at === 'webhook' ? 'page' : undefined}>Webhook</Link>
      <a href="/open">接口文档</a>
    </nav>
  );
}
