import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { listSearch } from '../../ui/list/list-search';
import { QuickReplyPage } from '../../features/im/QuickReplyPage';

/** 聊天设置 (requirements 001-2-1 Quotes, M11-01): the company's quick replies in Chinese and Vietnamese. */
export const Route = createFileRoute('/backend/quote/chat')({
  validateSearch: listSearch([], []),
  beforeLoad: guardedBy({ auth: true, permissions: ['M11-01'] }),
  component: function ChatSettings() {
    const navigate = Route.useNavigate();
    return <QuickReplyPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
