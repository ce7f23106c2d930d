import { ReasonDialog } from './ReasonDialog';
import { useSuspendCompanies } from './company/mutations';

/**
 * 停用企业: the reason is required (it is logged and shown to the company's users' support
 * calls); one call for every chosen company, so either all are suspended or none.
 */
export const SuspendDialog = ({ companies, onHide, onDone }: { companies: Array<{ id: number; name: string }>; onHide: () => void; onDone: (changed: number) => void }) => {
  const suspend = useSuspendCompanies();
  return (
    <ReasonDialog id="suspend-reason" header={`停用企业（${companies.length}家）`} action="停用" confirmLabel="确认停用" onHide={onHide} onDone={onDone}
      intro={<>
        {companies.slice(0, 5).map((c) => c.name).join('、')}{companies.length > 5 ? ` 等${companies.length}家` : ''}。
        停用后其所有用户立即下线且不能登录，在售库存立即从搜索中下架；恢复后重新上架。
      </>}
      submit={async (reason, key) => (await suspend.mutateAsync({ payload: { ids: companies.map((c) => c.id), reason }, idempotencyKey: key })).changed} />
  );
};
