import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { uploadMaxMb, type UploadAccept } from '../../../shared/domain/upload';
import { ApiError, OfflineError } from '../../api/request';
import { configQuery } from '../system/queries';
import { readImage } from './image-file';
import { useUploadImage } from './mutations';

/** Picks an image (or, with accept="document", also a PDF), uploads it (fileUpload) and hands back its address. */
export function UploadButton({ onUploaded, onProblem, label = '上传图片', accept = 'image' }: {
  onUploaded: (url: string) => void; onProblem: (text: string) => void; label?: string; accept?: UploadAccept;
}) {
  const { session } = useRouteContext({ from: '__root__' });
  const authority = useQuery(configQuery(['upload_authority'])).data?.upload_authority;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const uploadImage = useUploadImage();
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const read = await readImage(file, uploadMaxMb(accept, session.user?.company_id ?? 0, authority), accept);
      if (!read.ok) return onProblem(read.message);
      onUploaded((await uploadImage.mutateAsync({ base64_data: read.base64, file_name: read.name, accept })).file_path);
    } catch (e) {
      onProblem(e instanceof ApiError || e instanceof OfflineError ? e.message : String(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <input ref={input} type="file" accept={accept === 'document' ? 'application/pdf,image/jpeg,image/png' : 'image/jpeg,image/png'} hidden onChange={(e) => void pick(e.target.files?.[0])} aria-label={label} />
      <Button type="button" icon="pi pi-upload" label={label} outlined size="small" loading={busy} onClick={() => input.current?.click()} />
    </>
  );
}

