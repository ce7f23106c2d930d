import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { OVERSEAS_RULES, OVERSEAS_STATE_LABEL, type OverseasState } from '../../../shared/domain/overseas';
import { formatUnix } from '../../../shared/domain/membership';
import type { OverseasRegistration } from '../../../shared/contracts';
import { mark, useLang, useT } from '../../i18n/lang';
import { formatDate } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withData } from '../../i18n/with-data';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import '../../ui/form/form.css';
import { myRegistrationQuery } from './queries';
import { useResubmitRegistration } from './mutations';
import { provinceName, provinceOptions } from './provinces';

const STATE_TEXT: Record<OverseasState, string> = {
  pending: mark('平台正在审核您的注册，通过后即可在越南商城采购。'),
  approved: mark('注册已通过，可以在越南商城采购。'),
  rejected: mark('注册被驳回，请按原因修改后重新提交。'),
};
const STATE_SEVERITY = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

const dd = { margin: 0 } as const;

/**
 * /apply/vn: a Vietnamese company's registration and its review; a rejected one is corrected here
 * by the owner. In the reader's language (docs/i18n.md); what the company wrote and the operator's
 * reason are data.
 */
export function RegistrationStatusPage() {
  const t = useT();
  const lang = useLang();
  const { data } = useSuspenseQuery(myRegistrationQuery());
  const r = data.registration;
  if (!r) {
    return (
      <section className="card account-box" data-testid="vn-registration">
        <h2>{t('越南企业注册')}</h2>
        <p>{t('您的企业不是在越南注册的企业，无需办理此项。')}</p>
        <Link to="/search">{t('去搜索配件')}</Link>
      </section>
    );
  }
  return (
    <section className="card account-box" data-testid="vn-registration">
      <h2>{t('越南企业注册')}</h2>
      <p data-testid="vn-registration-state">
        <Tag value={t(OVERSEAS_STATE_LABEL[r.state])} severity={STATE_SEVERITY[r.state]} style={{ marginRight: '0.5rem' }} />
        {t(STATE_TEXT[r.state])}
      </p>
      {r.state === 'rejected' && (
        <p className="form-error" role="alert" data-testid="vn-registration-reason">{withData(t('驳回原因：{{reason}}', { reason: dataSlot(0) }), [r.reject_reason])}</p>
      )}
      <dl className="vn-registration" style={{ display: 'grid', gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)', gap: '0.35rem 1rem', overflowWrap: 'anywhere' }}>
        <dt>{t('企业名称')}</dt><dd style={dd} data-user-text>{r.company_name}</dd>
        <dt>{t('所在省/市')}</dt><dd style={dd} data-user-text>{provinceName(lang, r.province_name)}</dd>
        <dt>{t('税号')}</dt><dd style={dd} data-user-text>{r.tax_code}</dd>
        <dt>{t('详细地址')}</dt><dd style={dd} data-user-text>{r.address}</dd>
        <dt>{t('手机号')}</dt><dd style={dd} data-user-text>{r.mobile}</dd>
        <dt>{t('提交时间')}</dt><dd style={dd}>{lang === 'vi' ? formatDate('vi', r.submitted_at, true) : formatUnix(r.submitted_at, 'YYYY-MM-DD HH:mm')}</dd>
      </dl>
      {r.state === 'approved' && <Link to="/search">{t('去搜索配件')}</Link>}
      {r.state === 'rejected' && (data.is_owner ? <ResubmitForm r={r} /> : <p className="muted">{t('请企业负责人修改后重新提交。')}</p>)}
    </section>
  );
}

function ResubmitForm({ r }: { r: OverseasRegistration }) {
  const t = useT();
  const lang = useLang();
  const f = useForm({ company_name: r.company_name, province: r.province, tax_code: r.tax_code, address: r.address }, { idPrefix: 'vn-' });
  const write = useResubmitRegistration();
  const { values: x, errors: err, set } = f;
  return (
    <form className="account-form" noValidate aria-label={t('修改后重新提交')}
      onSubmit={(e) => { e.preventDefault(); void f.submit(write, { ...x, province: x.province as 'HN' }, () => undefined); }}>
      <h3>{t('修改后重新提交')}</h3>
      <Field id={f.idOf('company_name')} label={t('企业名称')} hint={t(OVERSEAS_RULES.companyName)} error={err.company_name} required>
        <InputText {...f.text('company_name')} />
      </Field>
      <Field id={f.idOf('province')} label={t('所在省/市')} hint={t(OVERSEAS_RULES.province)} error={err.province} required>
        <Dropdown inputId={f.idOf('province')} value={x.province || null} options={provinceOptions(lang)} onChange={(e) => set('province', String(e.value ?? ''))} filter style={{ width: '100%' }} />
      </Field>
      <Field id={f.idOf('tax_code')} label={t('税号')} hint={t(OVERSEAS_RULES.taxCode)} error={err.tax_code} required>
        <InputText {...f.text('tax_code')} />
      </Field>
      <Field id={f.idOf('address')} label={t('详细地址')} hint={t(OVERSEAS_RULES.address)} error={err.address} required>
        <InputText {...f.text('address')} />
      </Field>
      {f.formError && <p className="form-error" role="alert"><Refusal text={f.formError} /></p>}
      <Button type="submit" label={t('重新提交审核')} loading={f.busy} />
    </form>
  );
}
