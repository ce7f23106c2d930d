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
import { ApiError, OfflineError } from '../../api/request';
import { configQuery } from '../system/queries';
import { wantedMakesQuery } from './queries';
import { readImage } from '../upload/image-file';
import { useUploadImage } from '../upload/mutations';
import { usePublishWanted } from './mutations';
import '../search/search-extras.css';

type Field = 'content' | 'make_id' | 'vin' | 'img_infos';
type Errors = Partial<Record<Field, string>>;

const OFFLINE_HINT = '当前离线，填写的内容已保留；恢复网络后再点“发布”即可，不会重复发布';

/**
 * 发布求购 (requirements 001-2-3, 001-3): 500px wide; what was typed stays until it is published. With `editing`
 * it changes a request no seller has quoted yet (updateAsktobuy); the server refuses once quoted.
 */
export function PublishWantedDialog({ visible, onHide, editing, initialContent }: { visible: boolean; onHide: () => void; editing?: Wanted; initialContent?: string }) {
  const { session } = useRouteContext({ from: '__root__' });
  const companyId = session.user?.company_id ?? 0;
  const makes = useQuery({ ...wantedMakesQuery(), enabled: visible });
  const authority = useQuery({ ...configQuery(['upload_authority']), enabled: visible });
  const maxMb = imageMaxMb(companyId, authority.data?.upload_authority);
  // a search that found nothing opens the dialog with what was searched for
  const [content, setContent] = useState(editing?.content ?? initialContent ?? '');
  const [makeId, setMakeId] = useState<number | null>(editing?.make_id ?? null);
  const [vin, setVin] = useState(editing?.vin ?? '');
  const [images, setImages] = useState<string[]>(editing?.img_infos ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState('');
  const [published, setPublished] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const publish = usePublishWanted(editing?.id);
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
      setImages((now) => [...now, ...paths].slice(0, WANTED_MAX_IMAGES));
      setErrors((now) => ({ ...now, img_infos: problems.join('；') || undefined }));
    },
  });

  const edited = () => {
    setPublished(false);
    setFailure('');
  };

  const check = (): Errors => {
    const e: Errors = {};
    if (!content.trim()) e.content = msg.wantedEmpty;
    if (makeId === null) e.make_id = msg.chooseCarBrand;
    if (vin.trim()) {
      const r = decodeVin(vin);
      if (!r.ok) e.vin = r.message;
    }
    return e;
  };

  const submit = () => {
    const e = check();
    setErrors(e);
    setFailure('');
    if (Object.keys(e).length > 0) return;
    publish.mutate({ content: content.trim(), make_id: makeId!, vin: vin.trim(), img_infos: images }, {
      onSuccess: () => {
        setErrors({});
        if (editing) return onHide();
        setContent('');
        setMakeId(null);
        setVin('');
        setImages([]);
        setPublished(true);
      },
      onError: (err) => {
        if (err instanceof OfflineError) setFailure(OFFLINE_HINT);
        else if (err instanceof ApiError && err.field && ['content', 'make_id', 'vin'].includes(err.field)) setErrors({ [err.field as Field]: err.message });
        else if (err instanceof ApiError && err.field?.startsWith('img_infos')) setErrors({ img_infos: err.message });
        else setFailure(err.message);
      },
    });
  };

  const vinWarnings = vin.trim() && !errors.vin ? (() => {
    const r = decodeVin(vin);
    return r.ok ? r.value.warnings : [];
  })() : [];

  return (
    <Dialog header={editing ? '修改求购' : msg.publishWanted} visible={visible} onHide={onHide} style={{ width: '500px' }} modal
      footer={(
        <div>
          <Button type="button" label={msg.cancel} text onClick={onHide} />
          <Button type="button" label={editing ? '保存' : '发布'} icon={editing ? 'pi pi-check' : 'pi pi-send'} onClick={submit} loading={publish.isPending} disabled={upload.isPending} />
        </div>
      )}>
      <form className="wanted-form" aria-label={editing ? '修改求购' : msg.publishWanted} onSubmit={(e) => { e.preventDefault(); submit(); }}>
        {published && <Message severity="success" text={msg.publishOk} style={{ width: '100%' }} content={<span role="status">{msg.publishOk} · <Link to="/enquiry/list" onClick={onHide}>查看我的求购</Link></span>} />}
        {failure && <Message severity="error" text={failure} style={{ width: '100%' }} />}
        <label htmlFor="wanted-content">求购配件 <span aria-hidden="true" style={{ color: '#dc2626' }}>*</span></label>
        <InputTextarea id="wanted-content" name="content" rows={3} autoResize value={content} maxLength={WANTED_CONTENT_MAX} style={{ width: '100%' }}
          placeholder="如：前刹车片 一套，OE 1K0698151A" invalid={!!errors.content}
          onChange={(e) => { setContent(e.target.value); setErrors((x) => ({ ...x, content: undefined })); edited(); }} />
        {errors.content && <p className="field-error" role="alert">{errors.content}</p>}

        <label htmlFor="wanted-make">车型品牌 <span aria-hidden="true" style={{ color: '#dc2626' }}>*</span></label>
        <Dropdown inputId="wanted-make" value={makeId} options={makes.data ?? []} optionValue="id" optionLabel="name" filter filterBy="name,initial"
          placeholder={msg.chooseCarBrand} style={{ width: '100%' }} invalid={!!errors.make_id} loading={makes.isPending}
          itemTemplate={(m: { name: string; initial: string }) => <span>{m.initial} · {m.name}</span>}
          emptyMessage={msg.noResults} emptyFilterMessage={msg.noResults}
          onChange={(e) => { setMakeId(e.value as number); setErrors((x) => ({ ...x, make_id: undefined })); edited(); }} />
        {errors.make_id && <p className="field-error" role="alert">{errors.make_id}</p>}

        <label htmlFor="wanted-vin">VIN码（选填）</label>
        <InputText id="wanted-vin" name="vin" value={vin} maxLength={25} style={{ width: '100%' }} placeholder="17位车架号" invalid={!!errors.vin}
          onChange={(e) => { setVin(e.target.value.toUpperCase()); setErrors((x) => ({ ...x, vin: undefined })); edited(); }} />
        {errors.vin && <p className="field-error" role="alert">{errors.vin}</p>}
        {vinWarnings.map((w) => <p key={w} className="muted" style={{ fontSize: '0.65rem', margin: '0.2rem 0 0' }}>{w}</p>)}

        <label>图片（JPG/PNG，每张不超过{maxMb} MB，最多{WANTED_MAX_IMAGES}张）</label>
        <div className="wanted-thumbs">
          {images.map((src) => (
            <span key={src} className="wanted-thumb">
              <img src={src} alt="求购图片" />
              <button type="button" aria-label="删除图片" onClick={() => { setImages((x) => x.filter((p) => p !== src)); edited(); }}>×</button>
            </span>
          ))}
          {images.length < WANTED_MAX_IMAGES && (
            <Button type="button" label="上传图片" icon="pi pi-image" outlined size="small" loading={upload.isPending} onClick={() => fileInput.current?.click()} />
          )}
        </div>
        <input ref={fileInput} type="file" name="images" accept="image/jpeg,image/png" multiple hidden aria-label="选择图片"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])].slice(0, WANTED_MAX_IMAGES - images.length);
            e.target.value = '';
            if (files.length) {
              edited();
              upload.mutate(files);
            }
          }} />
        {errors.img_infos && <p className="field-error" role="alert">{errors.img_infos}</p>}
      </form>
    </Dialog>
  );
}
