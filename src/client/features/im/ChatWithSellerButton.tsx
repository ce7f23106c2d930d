import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { msg } from '../../../shared/messages';
import { companyContactQuery } from './queries';
import { openChat } from './open-chat';
import { useT } from '../../i18n/lang';
import './chat.css';

/**
 * 联系卖家 on a seller's row of the search results: opens chat with the company's contact user
 * (its owner; see imCompanyContact). A guest goes to the login page; the caller's own company has none.
 */
export function ChatWithSellerButton({ companyId, companyName }: { companyId: number; companyName: string }) {
  // the user alone (the root's context is a new object on every navigation: 50 rows redrew with each search)
  const t = useT();
  const user = useRouteContext({ from: '__root__', select: (c) => c.session.user });
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  if (user && user.company_id === companyId) return null;
  const start = async () => {
    if (!user) return openChat(false);
    try {
      const contact = await queryClient.fetchQuery(companyContactQuery(companyId));
      setProblem(null);
      openChat(true, contact.uuid);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };
  // no wrapper around the button and its problem: a results page draws 50 of these
  return (
    <>
      <button type="button" className="linklike chat-with-seller" onClick={() => void start()} aria-label={`${t(msg.chatWithSeller)} ${companyName}`} title={problem ?? t(msg.chatWithSeller)}>
        <i className="pi pi-comments" aria-hidden="true" />{t(msg.chatWithSeller)}
      </button>
      {problem && <small role="alert" className="chat-seller-problem">{problem}</small>}
    </>
  );
}
