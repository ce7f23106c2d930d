import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { endpoints } from '../../../shared/contracts';
import { fieldErrors } from '../../../shared/domain/field-errors';
import { msg } from '../../../shared/messages';
import { ApiError, OfflineError } from '../../api/request';
import { useCreateCircle } from './mutations';
import './circle.css';
import '../seller-apply/seller-apply.css';

type Field = 'name' | 'area' | 'description';

/** /trade/new: the creator's company becomes the owner and first member of the new circle. */
export function CircleNewPage() {
  const navigate = useNavigate();
  const createCircle = useCreateCircle();
  const [form, setForm] = useState({ name: '', area: '', description: '' });
  const [errors, setErrors] = useState<Partial<Record<Field | '', string>>>({});
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = v.safeParse(endpoints.tradeCircleCreate.payload, form);
    if (!parsed.success) return setErrors(fieldErrors(endpoints.tradeCircleCreate.payload, form));
    setErrors({});
    setBusy(true);
    try {
      const c = await createCircle.mutateAsync({ payload: parsed.output, idempotencyKey: key.current });
      void navigate({ to: '/trade/$id', params: { id: String(c.id) } });
    } catch (err) {
      const text = err instanceof OfflineError ? '网络不可用，请联网后再提交' : err instanceof ApiError ? err.message : msg.serverError;
      setErrors({ [(err instanceof ApiError && err.field) || (err instanceof ApiError && err.code === 409 ? 'name' : '')]: text });
      key.current = crypto.randomUUID();
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, hint: string, area = false) => (
    <div className="apply-field wide">
      <label htmlFor={`circle-${name}`}>{label}{name !== 'description' && <span className="req">*</span>}</label>
      {area
        ? <InputTextarea id={`circle-${name}`} name={name} rows={4} value={form[name]} invalid={!!errors[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
        : <InputText id={`circle-${name}`} name={name} value={form[name]} invalid={!!errors[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />}
      {errors[name] ? <small className="form-error" role="alert">{errors[name]}</small> : <small className="muted">{hint}</small>}
    </div>
  );

  return (
    <div className="circle-page">
      <section className="card">
        <h2 style={{ marginTop: 0 }}>创建商圈</h2>
        <p className="muted">贵公司将成为圈主：其他企业申请加入后，由贵公司审核通过或拒绝。圈内成员可以在“圈内搜索”里互查库存。</p>
        <form className="apply-form" onSubmit={submit} noValidate aria-label="创建商圈">
          {field('name', '商圈名称', '2-30个字符，不能与已有商圈重名')}
          {field('area', '所在区域', '如：广州白云、长三角，最多30个字符')}
          {field('description', '商圈简介', '选填，最多300个字符', true)}
          {errors[''] && <p className="form-error wide" role="alert">{errors['']}</p>}
          <div className="wide"><Button type="submit" label="创建商圈" icon="pi pi-check" loading={busy} /></div>
        </form>
      </section>
    </div>
  );
}
