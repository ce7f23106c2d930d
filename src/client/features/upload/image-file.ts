/**
 * The page's own check of an image before it is sent (the server checks again): JPG/PNG by the
 * file's first bytes, and the size limit of the caller's company.
 */
import { fileKindOf, MB, type UploadAccept } from '../../../shared/domain/upload';
import { msg } from '../../../shared/messages';

/** The message to show for this file, or null when it may be uploaded (a document may also be a PDF). */
export const imageProblem = (head: Uint8Array, size: number, maxMb: number, accept: UploadAccept = 'image'): string | null => {
  if (!fileKindOf(head, accept)) return accept === 'document' ? msg.documentType : msg.imageType;
  if (size > maxMb * MB) return accept === 'document' ? msg.documentSize(maxMb) : msg.imageSize(maxMb);
  return null;
};

export const base64Of = (buf: ArrayBuffer) => {
  const bytes = new Uint8Array(buf);
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

export type ReadImage = { ok: true; base64: string; name: string } | { ok: false; message: string };

export const readImage = async (file: File, maxMb: number, accept: UploadAccept = 'image'): Promise<ReadImage> => {
  const buf = await file.arrayBuffer();
  const problem = imageProblem(new Uint8Array(buf, 0, Math.min(16, buf.byteLength)), file.size, maxMb, accept);
  return problem ? { ok: false, message: `${file.name}：${problem}` } : { ok: true, base64: base64Of(buf), name: file.name };
};
