import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { WECHAT_FILTER_NAMES } from '../../features/operation/list-filters';
import { WechatPage } from '../../features/operation/system/WechatPage';

export const Route = createFileRoute('/operation/system/notice_/wechat')({
  validateSearch: listSearch(WECHAT_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.wechat }),
  component: function Wechat() {
    const navigate = Route.useNavigate();
    return <WechatPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
