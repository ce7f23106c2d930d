import { useState, type FormEvent } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext, useRouter } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { ACCOUNT_RULES, profileUpdateSchema } from '../../../shared/domain/account-rules';
import type { AccountProfile } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { accountProfileQuery } from './queries';
import { useUpdateProfile } from './mutations';
import { WechatBindCard } from './WechatBindCard';
import '../../ui/form/form.css';

const toForm = (p: AccountProfile) => ({
  display_name: p.display_name, head_image: p.head_image, contact_phone: p.contact_phone,
  company_name: p.company.name, company_short_name: p.company.short_name, company_phone: p.company.phone,
  company_province: p.company.province, company_city: p.company.city, company_address: p.company.address,
});

/** /backend/settings/profile: the caller's own profile; the company part only for its owner. */
export function ProfileSettings() {
  const { data: profile } = useSuspenseQuery(accountProfileQuery());
  return (
    <>
      <ProfileForm profile={profile} />
      <WechatBindCard />
    </>
  );
}

function ProfileForm({ profile }: { profile: AccountProfile }) {
  const f = useForm(toForm(profile));
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const updateProfile = useUpdateProfile();
  const router = useRouter();
  const { session } = useRouteContext({ from: '__root__' });
  const { values: x, errors: err, set } = f;

  const payload = () => ({
    display_name: x.display_name, head_image: x.head_image, contact_phone: x.contact_phone,
    ...(profile.is_owner ? {
      company: { name: x.company_name, short_name: x.company_short_name, phone: x.company_phone, province: x.company_province, city: x.company_city, address: x.company_address },
    } : {}),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const body = payload();
    if (!f.check(profileUpdateSchema, body)) return;
    setBusy(true);
    try {
      // the header shows the name and company: the hook refreshes the signed-in user everywhere
      const user = await updateProfile.mutateAsync(body);
      session.user = user;
      await router.invalidate();
      setDone(true);
    } catch (error) {
      f.refuse(error);
    } finally {
      setBusy(false);
    }
  };

  const invalid = (k: string) => (err[k] ? 'p-invalid' : undefined);
  // the schema reports company fields as company.name etc.; the inputs are company-name etc.
  const cErr = (k: string) => err[`company.${k}`];
  const text = (id: string, key: keyof typeof x, errKey: string, props: Record<string, unknown> = {}) => (
    <InputText id={id} name={id} value={x[key]} onChange={(e) => set(key, e.target.value)} className={err[errKey] ? 'p-invalid' : undefined} {...props} />
  );

  return (
    <div className="settings-page card">
      <form className="account-form" onSubmit={submit} noValidate aria-label={msg.profileTitle}>
        <h2>{msg.profileTitle}</h2>
        <div className="settings-grid">
          <Field id="username-ro" label={msg.username}><div className="readonly">{profile.username}</div></Field>
          <Field id="mobile-ro" label="注册手机号"><div className="readonly">{profile.mobile || '未绑定'}</div></Field>
          <Field id="display_name" label="姓名" hint={ACCOUNT_RULES.contactName} error={err.display_name} required>
            <InputText id="display_name" name="display_name" value={x.display_name} onChange={(e) => set('display_name', e.target.value)} className={invalid('display_name')} />
          </Field>
          <Field id="contact_phone" label="联系电话" hint={ACCOUNT_RULES.contactPhone} error={err.contact_phone}>
            <InputText id="contact_phone" name="contact_phone" type="tel" value={x.contact_phone} onChange={(e) => set('contact_phone', e.target.value)} className={invalid('contact_phone')} />
          </Field>
        </div>
        <Field id="head_image" label="头像地址" hint={ACCOUNT_RULES.headImage} error={err.head_image}>
          <InputText id="head_image" name="head_image" value={x.head_image} onChange={(e) => set('head_image', e.target.value)} className={invalid('head_image')} placeholder="https://… 或 /uploads/…" />
          <div className="head-preview">
            {x.head_image ? <img src={x.head_image} alt="头像预览" /> : <i className="pi pi-user" style={{ fontSize: '1.5rem', color: '#9ca3af' }} />}
            {x.head_image && <Button type="button" text size="small" label="不使用头像" onClick={() => set('head_image', '')} />}
          </div>
        </Field>

        {profile.is_owner ? (
          <>
            <h3>企业资料（企业负责人可修改）</h3>
            <div className="settings-grid">
              <Field id="company-name" label="企业名称" hint={ACCOUNT_RULES.companyName} error={cErr('name')} required>{text('company-name', 'company_name', 'company.name')}</Field>
              <Field id="company-short_name" label="企业简称" hint="2到20个字符" error={cErr('short_name')} required>{text('company-short_name', 'company_short_name', 'company.short_name')}</Field>
              <Field id="company-phone" label="企业电话" hint={ACCOUNT_RULES.contactPhone} error={cErr('phone')}>{text('company-phone', 'company_phone', 'company.phone', { type: 'tel' })}</Field>
              <Field id="company-province" label="省份" error={cErr('province')}>{text('company-province', 'company_province', 'company.province')}</Field>
              <Field id="company-city" label="城市" error={cErr('city')}>{text('company-city', 'company_city', 'company.city')}</Field>
              <Field id="company-address" label="详细地址" error={cErr('address')}>{text('company-address', 'company_address', 'company.address')}</Field>
            </div>
          </>
        ) : (
          <p className="hint">所在企业：{profile.company.name}（企业资料由企业负责人维护）</p>
        )}
        {f.formError && <p className="form-error" role="alert">{f.formError}</p>}
        {done && <p className="account-ok" role="status">{msg.profileSaved}</p>}
        <Button type="submit" label={msg.save} loading={busy} />
      </form>
    </div>
  );
}
