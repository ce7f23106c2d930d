import { useState } from 'react';
import type * as v from 'valibot';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { useQuery } from '@tanstack/react-query';
import type { sellerApplyPayload, SellerApplication } from '../../../shared/contracts';
import { LICENCE_IMAGES_MAX } from '../../../shared/domain/seller-apply';
import { imageMaxMb } from '../../../shared/domain/upload';
import { msg } from '../../../shared/messages';
import { OfflineError } from '../../api/request';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { configQuery } from '../system/queries';
import { readImage } from '../upload/image-file';
import { useSubmitApplication, useUploadLicenceImage } from './mutations';

type Form = Required<v.InferInput<typeof sellerApplyPayload>>;
type TextField = Exclude<keyof Form, 'licence_images'>;

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

/**
 * The application form, a form of the form kit (docs/architecture.md, "Forms"): checked here with
 * the server's own schema, sent once per click, each refusal under its field; what was typed is
 * kept in the tab (`keep`) through a refusal or a reload until the application is sent.
 */
export function ApplicationForm({ companyId, initial, onSubmitted }: { companyId: number; initial: Form; onSubmitted: (a: SellerApplication) => void }) {
  const form = useForm<Form>(initial, { idPrefix: 'apply-', offline: '网络不可用，请联网后再提交', keep: `seller-apply:${companyId}` });
  const { values, errors } = form;
  const [uploading, setUploading] = useState(false);
  const authority = useQuery(configQuery(['upload_authority']));
  const maxMb = imageMaxMb(companyId, authority.data?.upload_authority);
  const images = values.licence_images;
  const submitApplication = useSubmitApplication();
  const uploadLicenceImage = useUploadLicenceImage();

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
    form.setValues((f) => ({ ...f, licence_images: [...f.licence_images, ...added].slice(0, LICENCE_IMAGES_MAX) }));
    form.setErrors((e) => {
      const { licence_images: _was, ...rest } = e;
      return problems.length ? { ...rest, licence_images: problems.join('；') } : rest;
    });
    setUploading(false);
  };

  return (
    <form className="apply-form" onSubmit={(e) => { e.preventDefault(); void form.submit(submitApplication, values, onSubmitted); }} noValidate aria-label="卖家入驻申请">
      {FIELDS.map((f) => (
        <Field key={f.name} id={form.idOf(f.name)} label={f.label} hint={f.hint} error={errors[f.name]} required={f.name !== 'note'} wide={f.wide}>
          {f.area ? <InputTextarea {...form.text(f.name)} rows={3} /> : <InputText {...form.text(f.name)} />}
        </Field>
      ))}
      <Field id={form.idOf('licence_images')} label="营业执照图片" wide error={errors.licence_images}
        hint={`选填，最多${LICENCE_IMAGES_MAX}张，JPG/PNG，每张不超过${maxMb} MB；有执照照片的申请审核更快`}>
        <div className="apply-images">
          {images.map((path) => (
            <figure key={path}>
              <a href={path} target="_blank" rel="noreferrer"><img src={path} alt="营业执照图片" /></a>
              <button type="button" className="linklike" onClick={() => form.set('licence_images', images.filter((x) => x !== path))}>删除</button>
            </figure>
          ))}
        </div>
        {images.length < LICENCE_IMAGES_MAX && (
          <input id={form.idOf('licence_images')} type="file" accept="image/jpeg,image/png" multiple disabled={uploading}
            onChange={(e) => { const files = [...(e.target.files ?? [])]; e.target.value = ''; void addImages(files); }} />
        )}
      </Field>
      {form.formError && <p className="form-error wide" role="alert">{form.formError}</p>}
      <div className="wide"><Button type="submit" label="提交申请" icon="pi pi-send" loading={form.busy} disabled={uploading} /></div>
    </form>
  );
}
