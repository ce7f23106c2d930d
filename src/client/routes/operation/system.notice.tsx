import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { NoticePage } from '../../features/operation/system/NoticePage';
import { NoticeTemplates } from '../../features/operation/system/NoticeTemplates';

export const Route = createFileRoute('/operation/system/notice')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.notice }),
  component: function Notice() {
    return <div className="op-detail"><NoticePage /><NoticeTemplates /></div>;
  },
});
