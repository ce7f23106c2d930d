import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_COMPANY_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { CHAT_FILTER_NAMES } from '../../features/operation/company/company-filters';
import { ChatHistoryPage } from '../../features/operation/report/ChatHistoryPage';

export const Route = createFileRoute('/operation/report/chatHistory')({
  validateSearch: listSearch(CHAT_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_COMPANY_CODES.chatHistory }),
  component: function ChatHistory() {
    const navigate = Route.useNavigate();
    return <ChatHistoryPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
