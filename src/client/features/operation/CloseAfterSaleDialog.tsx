import { ReasonDialog } from './ReasonDialog';

/**
 * 关闭售后 on 售后 and 海外售后 (docs/guide/operator.md): the reason both sides read; the close itself
 * is the page's own call (the after-sale service's, in the audit log).
 */
export function CloseAfterSaleDialog({ id, asNo, close, onHide, onDone }: {
  id: string; asNo: string; close: (payload: { as_no: string; reason: string }, idempotencyKey: string) => Promise<unknown>;
  onHide: () => void; onDone: () => void;
}) {
  return (
    <ReasonDialog id={id} header={`关闭售后 ${asNo}`} action="关闭" confirmLabel="关闭售后"
      intro="关闭后售后结束，买卖双方会收到通知并看到关闭原因；配件可以重新申请售后。此操作记入操作日志。"
      submit={async (reason, idempotencyKey) => {
        await close({ as_no: asNo, reason }, idempotencyKey);
        return 1;
      }}
      onHide={onHide}
      onDone={onDone} />
  );
}
