import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { ENQUIRY_CODES } from '../../../shared/contracts';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { live } from '../../api/live';
import { useAfterFirstPage } from '../../lib/after-first-page';
import { quoteBadgeText } from '../company/quote-badge';
import { enquiryKeys, enquiryQuoteCountQuery } from './queries';
import { useT } from '../../i18n/lang';
import '../company/quote-badge.css';

/**
 * New quotes on the company's enquiries, beside 我的求购: asked every 10 minutes and moved at once
 * by the server's {type:'quoteCount'} push when a seller quotes; hidden at 0, 99+ above 99.
 */
export function EnquiryBadge() {
  const t = useT();
  const { session } = useRouteContext({ from: '__root__' });
  const allowed = session.user !== null && hasAnyPermission(session.user?.permissions ?? [], ENQUIRY_CODES);
  const qc = useQueryClient();
  // asked for after the first page (after-first-page.ts): a badge is not what the page is opened for
  const later = useAfterFirstPage();
  const q = useQuery({ ...enquiryQuoteCountQuery(), enabled: allowed && later });
  useEffect(() => live.onEvent((e) => {
    if (e.type === 'quoteCount' && typeof e.count === 'number') qc.setQueryData(enquiryKeys.count(), { count: e.count });
  }), [qc]);
  const text = allowed ? quoteBadgeText(q.data?.count ?? 0) : null;
  return text ? <span className="nav-badge" aria-label={t('{{n}} 条新报价', { n: text })} data-testid="enquiry-badge">{text}</span> : null;
}
