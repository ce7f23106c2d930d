import { useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { useQuery } from '@tanstack/react-query';
import { sellerApplyPayload, type SellerApplication } from '../../../shared/contracts';
import { LICENCE_IMAGES_MAX } from '../../../shared/domain/seller-apply';
import { imageMaxMb } from '../../../shared/domain/upload';
import { fieldErrors } from '../../../shared/domain/field-errors';
import { msg } from '../../../shared/messages';
import { ApiError, OfflineError } from '../../api/request';
import { configQuery } from '../system/queries';
import { readImage } from '../upload/image-file';
import { useSubmitApplication, useUploadLicenceImage } from './mutations';

type Form = v.InferInput<typeof sellerApplyPayload>;
type TextField = Exclude<keyof Form, 'licence_images'>;
type Field = keyof Form;

const FIELDS: Array<{ name: TextField; label: string; hint?: string; wide?: boolean; area?: boolean }> = [
  { name: 'company_name', label: '公司名称', hint: '与营业执照上的名称一致，4-60个字符', wide: true },
  { name: 'licence_no', label: '营业执照号', hint: '18位统一社会信用代码', wide: true },
  { name: 'contact_name', label: '联系人' },
  { name: 'contact_phone', label: '联系电话', hint: '11位手机号，或带区号的固定电话' },
  { name: 'province', label: '所在省份' },
  { name: 'city', label: '所在城市' },
  { name: 'address', label: '详细地址', wide: true },
  { name: 'main_brands', label: '主营品牌', hint: '多个品牌用逗号分开，如：博世，马勒，曼牌', wide: true },
  { name: 'note', label: '补充说明', hint: '选填，最多500个字符', wide: true, area: true },
];

/** The application form: checked here with the server's own schema, then sent once per click. */
export function ApplicationForm({ companyId, initial, onSubmitted }: { companyId: number; initial: Form; onSubmitted: (a: SellerApplication) => void }) {
  const [form, setForm] = useState<Form>(initial);
  const [uploading, setUploading] = useState(false);
  const authority = useQuery(configQuery(['upload_authority']));
  const maxMb = imageMaxMb(companyId, authority.data?.upload_authority);
  const images = form.licence_images ?? [];
  const [errors, setErrors] = useState<Partial<Record<Field | '', string>>>({});
  const [busy, setBusy] = useState(false);
  // one key per submission, so a retry after a lost answer cannot make a second application
  const key = useRef(crypto.randomUUID());
  const submitApplication = useSubmitApplication();
  const uploadLicenceImage = useUploadLicenceImage();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = v.safeParse(sellerApplyPayload, form);
    if (!parsed.success) return setErrors(fieldErrors(sellerApplyPayload, form));
    setErrors({});
    setBusy(true);
    try {
      const a = await submitApplication.mutateAsync({ payload: parsed.output, idempotencyKey: key.current });
      key.current = crypto.randomUUID();
      onSubmitted(a);
    } catch (err) {
      const text = err instanceof OfflineError ? '网络不可用，请联网后再提交' : err instanceof ApiError ? err.message : msg.serverError;
      setErrors({ [(err instanceof ApiError && err.field) || '']: text });
    } finally {
      setBusy(false);
    }
  };

  const addImages = async (files: File[]) => {
    setUploading(true);
    const added: string[] = [];
    const problems: string[] = [];
    for (const file of files.slice(0, LICENCE_IMAGES_MAX - images.length)) {
      const read = await readImage(file, maxMb);
      if (!read.ok) {
        problems.push(read.message);
        continue;
      }
      try {
        added.push((await uploadLicenceImage.mutateAsync({ base64_data: read.base64, file_name: read.name })).file_path);
      } catch (err) {
        problems.push(`${file.name}：${err instanceof OfflineError ? '当前离线，无法上传图片' : err instanceof Error ? err.message : msg.serverError}`);
      }
    }
    setForm((f) => ({ ...f, licence_images: [...(f.licence_images ?? []), ...added].slice(0, LICENCE_IMAGES_MAX) }));
    setErrors((e) => ({ ...e, licence_images: problems.join('；') || undefined }));
    setUploading(false);
  };

  return (
    <form className="apply-form" onSubmit={submit} noValidate aria-label="卖家入驻申请">
      {FIELDS.map((f) => (
        <div key={f.name} className={`apply-field${f.wide ? ' wide' : ''}`}>
          <label htmlFor={`apply-${f.name}`}>{f.label}{f.name !== 'note' && <span className="req">*</span>}</label>
          {f.area ? (
            <InputTextarea id={`apply-${f.name}`} name={f.name} rows={3} value={form[f.name] ?? ''} invalid={!!errors[f.name]}
              onChange={(e) => setForm({ ...form, [f.name]: e.target.value })} />
          ) : (
            <InputText id={`apply-${f.name}`} name={f.name} value={form[f.name] ?? ''} invalid={!!errors[f.name]}
              onChange={(e) => setForm({ ...form, [f.name]: e.target.value })} />
          )}
          {errors[f.name] ? <small className="form-error" role="alert">{errors[f.name]}</small> : f.hint && <small className="muted">{f.hint}</small>}
        </div>
      ))}
      <div className="apply-field wide">
        <label htmlFor="apply-licence_images">营业执照图片</label>
        <div className="apply-images">
          {images.map((path) => (
            <figure key={path}>
              <a href={path} target="_blank" rel="noreferrer"><img src={path} alt="营业执照图片" /></a>
              <button type="button" className="linklike" onClick={() => setForm({ ...form, licence_images: images.filter((x) => x !== path) })}>删除</button>
            </figure>
          ))}
        </div>
        {images.length < LICENCE_IMAGES_MAX && (
          <input id="apply-licence_images" type="file" accept="image/jpeg,image/png" multiple disabled={uploading}
            onChange={(e) => { const files = [...(e.target.files ?? [])]; e.target.value = ''; void addImages(files); }} />
        )}
        {errors.licence_images ? <small className="form-error" role="alert">{errors.licence_images}</small>
          : <small className="muted">选填，最多{LICENCE_IMAGES_MAX}张，JPG/PNG，每张不超过{maxMb} MB；有执照照片的申请审核更快</small>}
      </div>
      {errors[''] && <p className="form-error wide" role="alert">{errors['']}</p>}
      <div className="wide"><Button type="submit" label="提交申请" icon="pi pi-send" loading={busy} disabled={uploading} /></div>
    </form>
  );
}
