import { useQuery } from '@tanstack/react-query';
import { useRouteContext, Link } from '@tanstack/react-router';
import { levelQuery } from '../session/queries';
import { MembershipCard } from '../home/MembershipCard';
import { signOut } from '../session/actions';
import { msg } from '../../../shared/messages';
import { OeSearchBox } from '../search/OeSearchBox';
import { ChatDock, openChat } from './ChatDock';
import { useChat } from './chat-store';
import { unreadLabel } from './ChatWindow';

/**
 * The /im area's home (mobile style, one narrow column): who is signed in, the company's level, a
 * quick OE search, chat (the same window as on the member site) and the account pages.
 */
export function ImHome() {
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user!;
  const level = useQuery(levelQuery(user.company_id));
  const unread = useChat((s) => s.unreadTotal);
  return (
    <main style={{ maxWidth: '30rem', margin: '2rem auto', display: 'grid', gap: '1rem' }}>
      <div className="card"><MembershipCard name={user.user_name} company={user.company_name} level={level.data ?? undefined} /></div>
      <section className="card" aria-label="快速查件">
        <h3 style={{ marginTop: 0 }}>OE号搜索</h3>
        <OeSearchBox />
      </section>
      <section className="card" aria-label={msg.chat}>
        <button type="button" className="linklike" style={{ color: '#1565c0', fontSize: '0.8rem' }} onClick={() => openChat(true)}>
          <i className="pi pi-comments" /> {msg.chat}{unread > 0 ? `（${unreadLabel(unread)}条未读）` : ''}
        </button>
      </section>
      <nav className="card" aria-label="账户" style={{ display: 'grid', gap: '0.6rem' }}>
        <Link to="/search/parts">更多搜索方式</Link>
        <Link to="/backend/settings/profile">个人资料</Link>
        <Link to="/backend/settings/password">修改密码</Link>
      </nav>
      <div className="card" style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link to="/">返回前台</Link>
        <button type="button" className="linklike" style={{ color: '#1565c0' }} onClick={() => void signOut('/im/login')}>{msg.logout}</button>
      </div>
      <ChatDock />
    </main>
  );
}
