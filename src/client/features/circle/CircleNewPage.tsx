import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { ApiError } from '../../api/request';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { useCreateCircle } from './mutations';
import './circle.css';
import '../seller-apply/seller-apply.css';

type Name = 'name' | 'area' | 'description';

/**
 * /trade/new: the creator's company becomes the owner and first member of the new circle. A form
 * of the form kit (docs/architecture.md, "Forms"): checked with the call's schema, each refusal
 * under its field (a name already taken under 商圈名称), what was typed kept in the tab until sent.
 */
export function CircleNewPage() {
  const navigate = useNavigate();
  const { session } = useRouteContext({ from: '__root__' });
  const createCircle = useCreateCircle();
  const form = useForm({ name: '', area: '', description: '' }, { idPrefix: 'circle-', offline: '网络不可用，请联网后再提交', keep: `circle-new:${session.user?.uuid ?? ''}` });

  const submit = () => form.submit(createCircle, form.values, (c) => void navigate({ to: '/trade/$id', params: { id: String(c.id) } }), {
    // a name another circle has is a conflict that names no field: it belongs under 商圈名称
    refused: (e) => {
      if (e instanceof ApiError && e.code === 409 && !e.field) form.refuse(e, 'name');
    },
  });

  const field = (name: Name, label: string, hint: string, area = false) => (
    <Field id={form.idOf(name)} label={label} hint={hint} error={form.errors[name]} required={name !== 'description'} wide>
      {area ? <InputTextarea {...form.text(name)} rows={4} /> : <InputText {...form.text(name)} />}
    </Field>
  );

  return (
    <div className="circle-page">
      <section className="card">
        <h2 style={{ marginTop: 0 }}>创建商圈</h2>
        <p className="muted">贵公司将成为圈主：其他企业申请加入后，由贵公司审核通过或拒绝。圈内成员可以在“圈内搜索”里互查库存。</p>
        <form className="apply-form" onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate aria-label="创建商圈">
          {field('name', '商圈名称', '2-30个字符，不能与已有商圈重名')}
          {field('area', '所在区域', '如：广州白云、长三角，最多30个字符')}
          {field('description', '商圈简介', '选填，最多300个字符', true)}
          {form.formError && <p className="form-error wide" role="alert">{form.formError}</p>}
          <div className="wide"><Button type="submit" label="创建商圈" icon="pi pi-check" loading={form.busy} /></div>
        </form>
      </section>
    </div>
  );
}
