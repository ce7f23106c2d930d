import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { OVERSEAS_RULES, OVERSEAS_STATE_LABEL, VN_PROVINCES, type OverseasState } from '../../../shared/domain/overseas';
import { formatUnix } from '../../../shared/domain/membership';
import type { OverseasRegistration } from '../../../shared/contracts';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import '../../ui/form/form.css';
import { myRegistrationQuery } from './queries';
import { useResubmitRegistration } from './mutations';

const PROVINCE_OPTIONS = VN_PROVINCES.map((p) => ({ label: `${p.vi}（${p.zh}）`, value: p.code }));

const STATE_TEXT: Record<OverseasState, string> = {
  pending: '平台正在审核您的注册，通过后即可采购 · Đang chờ xét duyệt; được duyệt là có thể mua hàng.',
  approved: '注册已通过，可以在越南商城采购 · Đã được duyệt, có thể mua hàng.',
  rejected: '注册被驳回，请按原因修改后重新提交 · Bị từ chối; vui lòng sửa và gửi lại.',
};

/** /apply/vn: a Vietnamese company's registration and its review; a rejected one is corrected here by the owner. */
export function RegistrationStatusPage() {
  const { data } = useSuspenseQuery(myRegistrationQuery());
  const r = data.registration;
  if (!r) {
    return (
      <section className="card account-box" data-testid="vn-registration">
        <h2>越南企业注册 · Đăng ký doanh nghiệp Việt Nam</h2>
        <p>您的企业不是在越南注册的企业，无需办理此项。</p>
        <Link to="/search">去搜索配件</Link>
      </section>
    );
  }
  return (
    <section className="card account-box" data-testid="vn-registration">
      <h2>越南企业注册 · Đăng ký doanh nghiệp Việt Nam</h2>
      <p data-testid="vn-registration-state"><strong>{OVERSEAS_STATE_LABEL[r.state]}</strong>：{STATE_TEXT[r.state]}</p>
      {r.state === 'rejected' && <p className="form-error" role="alert">驳回原因 · Lý do：{r.reject_reason}</p>}
      <dl className="vn-registration" style={{ display: 'grid', gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)', gap: '0.35rem 1rem', overflowWrap: 'anywhere' }}>
        <dt>企业名称 · Tên doanh nghiệp</dt><dd style={{ margin: 0 }}>{r.company_name}</dd>
        <dt>所在省/市 · Tỉnh/Thành phố</dt><dd style={{ margin: 0 }}>{r.province_name}</dd>
        <dt>税号 · Mã số thuế</dt><dd style={{ margin: 0 }}>{r.tax_code}</dd>
        <dt>详细地址 · Địa chỉ</dt><dd style={{ margin: 0 }}>{r.address}</dd>
        <dt>手机号 · Số di động</dt><dd style={{ margin: 0 }}>{r.mobile}</dd>
        <dt>提交时间 · Ngày gửi</dt><dd style={{ margin: 0 }}>{formatUnix(r.submitted_at, 'YYYY-MM-DD HH:mm')}</dd>
      </dl>
      {r.state === 'approved' && <Link to="/search">去搜索配件 · Tìm phụ tùng</Link>}
      {r.state === 'rejected' && (data.is_owner ? <ResubmitForm r={r} /> : <p className="muted">请企业负责人修改后重新提交。</p>)}
    </section>
  );
}

function ResubmitForm({ r }: { r: OverseasRegistration }) {
  const f = useForm({ company_name: r.company_name, province: r.province, tax_code: r.tax_code, address: r.address }, { idPrefix: 'vn-' });
  const write = useResubmitRegistration();
  const { values: x, errors: err, set } = f;
  return (
    <form className="account-form" noValidate aria-label="修改后重新提交"
      onSubmit={(e) => { e.preventDefault(); void f.submit(write, { ...x, province: x.province as 'HN' }, () => undefined); }}>
      <h3>修改后重新提交 · Sửa và gửi lại</h3>
      <Field id={f.idOf('company_name')} label="企业名称 · Tên doanh nghiệp" hint={OVERSEAS_RULES.companyName} error={err.company_name} required>
        <InputText {...f.text('company_name')} />
      </Field>
      <Field id={f.idOf('province')} label="所在省/市 · Tỉnh/Thành phố" hint={OVERSEAS_RULES.province} error={err.province} required>
        <Dropdown inputId={f.idOf('province')} value={x.province || null} options={PROVINCE_OPTIONS} onChange={(e) => set('province', String(e.value ?? ''))} filter style={{ width: '100%' }} />
      </Field>
      <Field id={f.idOf('tax_code')} label="税号 · Mã số thuế" hint={OVERSEAS_RULES.taxCode} error={err.tax_code} required>
        <InputText {...f.text('tax_code')} />
      </Field>
      <Field id={f.idOf('address')} label="详细地址 · Địa chỉ" hint={OVERSEAS_RULES.address} error={err.address} required>
        <InputText {...f.text('address')} />
      </Field>
      {f.formError && <p className="form-error" role="alert">{f.formError}</p>}
      <Button type="submit" label="重新提交审核 · Gửi lại" loading={f.busy} />
    </form>
  );
}
