/** A reason asked before a refusal (拒绝提现, 银行卡不通过, 驳回调账): a one-field form under the step's own schema. */
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import type { EndpointName, PayloadIn, AnswerOf } from '../../../../../shared/contracts';
import { Field } from '../../../../ui/form/Field';
import { useForm, type FormWrite } from '../../../../ui/form/form';

export function ReasonDialog<N extends EndpointName>({ title, label, field, write, payload, onHide, onDone }: {
  title: string; label: string; field: string; write: FormWrite<N>;
  payload: (reason: string) => PayloadIn<N>; onHide: () => void; onDone: (a: AnswerOf<N>) => void;
}) {
  const form = useForm({ reason: '' }, { idOf: () => field });
  const save = () => form.submit(write, payload(form.values.reason.trim()), onDone);
  return (
    <Dialog header={title} visible onHide={onHide} style={{ width: '32rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="确定" loading={form.busy} onClick={() => void save()} /></>}>
      <Field id={field} label={label} required error={form.errors[field] ?? form.errors.reason} hint="2 至 200 个字符，企业会看到">
        <InputTextarea id={field} value={form.values.reason} rows={3} maxLength={200} autoResize onChange={(e) => form.set('reason', e.target.value)} style={{ width: '100%' }} />
      </Field>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
