import { Link } from '@tanstack/react-router';
import { msg } from '../../shared/messages';

const TEXTS: Record<string, string> = { '400': msg.badRequest, '401': msg.noPermission, '404': msg.notFound, '500': msg.serverError, offline: msg.offlinePage };

/** The error page variants of requirements 000-2, each with a link home; `offline`: a page whose data could not be fetched without the network. */
export function ErrorPage({ code, detail }: { code: '400' | '401' | '404' | '500' | 'offline'; detail?: string }) {
  return (
    <main className="error-page">
      <div className="code">{code === 'offline' ? msg.offline : code}</div>
      <h1>{TEXTS[code]}</h1>
      {detail && <p className="muted">{detail}</p>}
      <Link to="/">{msg.backHome}</Link>
    </main>
  );
}
