import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { useAfterFirstPage } from '../../lib/after-first-page';
import { quoteCountQuery } from './queries';
import { QUOTE_CODES, quoteBadgeText } from './quote-badge';
import './quote-badge.css';

/** New views of the caller's shop since /quote was last opened; asked for only when the user holds C14. */
export function QuoteBadge() {
  const { session } = useRouteContext({ from: '__root__' });
  const allowed = hasAnyPermission(session.user?.permissions ?? [], QUOTE_CODES) && session.user !== null;
  // asked for after the first page (after-first-page.ts): a badge is not what the page is opened for
  const later = useAfterFirstPage();
  const q = useQuery({ ...quoteCountQuery(), enabled: allowed && later });
  const text = allowed ? quoteBadgeText(q.data ?? 0) : null;
  return text ? <span className="nav-badge" aria-label={`${text} 条新访问`} data-testid="quote-badge">{text}</span> : null;
}
