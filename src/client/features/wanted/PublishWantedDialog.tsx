import { useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { msg } from '../../../shared/messages';
import { decodeVin } from '../../../shared/domain/vin';
import { imageMaxMb } from '../../../shared/domain/upload';
import { WANTED_CONTENT_MAX, WANTED_MAX_IMAGES, type Wanted } from '../../../shared/contracts';
import { OfflineError } from '../../api/request';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { configQuery } from '../system/queries';
import { wantedMakesQuery } from './queries';
import { readImage } from '../upload/image-file';
import { useUploadImage } from '../upload/mutations';
import { usePublishWantedWrite, useUpdateWantedWrite } from './mutations';
import '../search/search-extras.css';

type WantedForm = { content: string; make_id: number | null; vin: string; img_infos: string[] };
const EMPTY: WantedForm = { content: '', make_id: null, vin: '', img_infos: [] };

const OFFLINE_HINT = '当前离线，填写的内容已保留；恢复网络后再点“发布”即可，不会重复发布';

/**
 * 发布求购 (requirements 001-2-3, 001-3): 500px wide; a form of the form kit (docs/architecture.md,
 * "Forms"): checked with the call's schema before sending, each refusal under its field, what was
 * typed kept until it is published. With `editing` it changes a request no seller has quoted yet
 * (updateAsktobuy); the server refuses once quoted.
 */
export function PublishWantedDialog({ visible, onHide, editing, initialContent }: { visible: boolean; onHide: () => void; editing?: Wanted; initialContent?: string }) {
  const { session } = useRouteContext({ from: '__root__' });
  const companyId = session.user?.company_id ?? 0;
  const makes = useQuery({ ...wantedMakesQuery(), enabled: visible });
  const authority = useQuery({ ...configQuery(['upload_authority']), enabled: visible });
  const maxMb = imageMaxMb(companyId, authority.data?.upload_authority);
  // a search that found nothing opens the dialog with what was searched for
  const form = useForm<WantedForm>(() => (editing
    ? { content: editing.content, make_id: editing.make_id, vin: editing.vin, img_infos: editing.img_infos }
    : { ...EMPTY, content: initialContent ?? '' }), { idPrefix: 'wanted-', offline: OFFLINE_HINT });
  const { values, errors } = form;
  const [published, setPublished] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const publishWrite = usePublishWantedWrite();
  const updateWrite = useUpdateWantedWrite();
  const uploadImage = useUploadImage();
  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      const paths: string[] = [];
      const problems: string[] = [];
      for (const file of files) {
        const read = await readImage(file, maxMb);
        if (!read.ok) {
          problems.push(read.message);
          continue;
        }
        try {
          paths.push((await uploadImage.mutateAsync({ base64_data: read.base64, file_name: read.name })).file_path);
        } catch (e) {
          problems.push(`${file.name}：${e instanceof OfflineError ? '当前离线，无法上传图片' : e instanceof Error ? e.message : String(e)}`);
        }
      }
      return { paths, problems };
    },
    onSuccess: ({ paths, problems }) => {
      form.setValues((now) => ({ ...now, img_infos: [...now.img_infos, ...paths].slice(0, WANTED_MAX_IMAGES) }));
      form.setErrors((now) => {
        const { img_infos: _was, ...rest } = now;
        return problems.length ? { ...rest, img_infos: problems.join('；') } : rest;
      });
    },
  });

  const set = <K extends keyof WantedForm>(name: K, value: WantedForm[K]) => {
    form.set(name, value);
    form.setFormError('');
    setPublished(false);
  };

  const submit = () => {
    setPublished(false);
    // an empty 车型品牌 is 0 on the wire: the schema names it (msg.chooseCarBrand)
    const payload = { content: values.content, make_id: values.make_id ?? 0, vin: values.vin, img_infos: values.img_infos };
    if (editing) return void form.submit(updateWrite, { id: editing.id, ...payload }, () => onHide());
    void form.submit(publishWrite, payload, () => {
      form.reset(EMPTY);
      setPublished(true);
    });
  };

  const vinWarnings = values.vin.trim() && !errors.vin ? (() => {
    const r = decodeVin(values.vin);
    return r.ok ? r.value.warnings : [];
  })() : [];
  const images = values.img_infos;

  return (
    <Dialog header={editing ? '修改求购' : msg.publishWanted} visible={visible} onHide={onHide} style={{ width: '500px', maxWidth: '96vw' }} modal
      footer={(
        <div>
          <Button type="button" label={msg.cancel} text onClick={onHide} />
          <Button type="button" label={editing ? '保存' : '发布'} icon={editing ? 'pi pi-check' : 'pi pi-send'} onClick={submit} loading={form.busy} disabled={upload.isPending} />
        </div>
      )}>
      <form className="wanted-form" aria-label={editing ? '修改求购' : msg.publishWanted} noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
        {published && <Message severity="success" text={msg.publishOk} style={{ width: '100%' }} content={<span role="status">{msg.publishOk} · <Link to="/enquiry/list" onClick={onHide}>查看我的求购</Link></span>} />}
        {form.formError && <Message severity="error" text={form.formError} style={{ width: '100%' }} />}
        <Field id={form.idOf('content')} label="求购配件" required error={errors.content}>
          <InputTextarea {...form.text('content')} onChange={(e) => set('content', e.target.value)} rows={3} autoResize maxLength={WANTED_CONTENT_MAX} style={{ width: '100%' }}
            placeholder="如：前刹车片 一套，OE 1K0698151A" />
        </Field>

        <Field id={form.idOf('make_id')} label="车型品牌" required error={errors.make_id}>
          <Dropdown inputId={form.idOf('make_id')} value={values.make_id} options={makes.data ?? []} optionValue="id" optionLabel="name" filter filterBy="name,initial"
            placeholder={msg.chooseCarBrand} style={{ width: '100%' }} invalid={!!errors.make_id} loading={makes.isPending}
            itemTemplate={(m: { name: string; initial: string }) => <span>{m.initial} · {m.name}</span>}
            emptyMessage={msg.noResults} emptyFilterMessage={msg.noResults}
            onChange={(e) => set('make_id', e.value as number)} />
        </Field>

        <Field id={form.idOf('vin')} label="VIN码（选填）" error={errors.vin}>
          <InputText {...form.text('vin')} onChange={(e) => set('vin', e.target.value.toUpperCase())} maxLength={25} style={{ width: '100%' }} placeholder="17位车架号" />
        </Field>
        {vinWarnings.map((w) => <p key={w} className="muted" style={{ fontSize: '0.65rem', margin: '0.2rem 0 0' }}>{w}</p>)}

        <Field id={form.idOf('img_infos')} label={`图片（JPG/PNG，每张不超过${maxMb} MB，最多${WANTED_MAX_IMAGES}张）`} error={errors.img_infos}>
          <div className="wanted-thumbs">
            {images.map((src) => (
              <span key={src} className="wanted-thumb">
                <img src={src} alt="求购图片" />
                <button type="button" aria-label="删除图片" onClick={() => set('img_infos', images.filter((p) => p !== src))}>×</button>
              </span>
            ))}
            {images.length < WANTED_MAX_IMAGES && (
              <Button type="button" label="上传图片" icon="pi pi-image" outlined size="small" loading={upload.isPending} onClick={() => fileInput.current?.click()} />
            )}
          </div>
          <input ref={fileInput} id={form.idOf('img_infos')} type="file" name="images" accept="image/jpeg,image/png" multiple hidden aria-label="选择图片"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])].slice(0, WANTED_MAX_IMAGES - images.length);
              e.target.value = '';
              if (files.length) {
                setPublished(false);
                upload.mutate(files);
              }
            }} />
        </Field>
      </form>
    </Dialog>
  );
}
