/** The console's heading and tabs: keys, call log, webhooks (features/webhook), and the way to the document. */
import { Link } from '@tanstack/react-router';
import './open.css';

export function OpenNav({ at }: { at: 'keys' | 'log' | 'webhook' }) {
  return (
    <header className="open-console-head">
      <h1>开放平台控制台</h1>
      <nav className="open-console-nav" aria-label="开放平台控制台">
        <Link to="/open/controlPanel" activeOptions={{ exact: true }} className={at === 'keys' ? 'active' : ''} aria-current={at === 'keys' ? 'page' : undefined}>接口密钥</Link>
        <Link to="/open/controlPanel/log" className={at === 'log' ? 'active' : ''} aria-current={at === 'log' ? 'page' : undefined}>调用记录</Link>
        <Link to="/open/controlPanel/webhook" className={at === 'webhook' ? 'active' : ''} aria-current={at === 'webhook' ? 'page' : undefined}>Webhook</Link>
        <a href="/open">接口文档</a>
      </nav>
    </header>
  );
}
