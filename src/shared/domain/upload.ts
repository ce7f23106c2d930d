/**
 * Image upload rules (requirements 000-5, 000-6): only JPG and PNG, recognised by their first bytes rather than
 * the file name, and a size limit. A company listed in the system parameter upload_authority may
 * upload larger images (full-resolution product photos and documents); everyone else signed in
 * gets the default limit. Client and server apply the same rules.
 */
export const DEFAULT_IMAGE_MAX_MB = 2;
export const AUTHORITY_IMAGE_MAX_MB = 5;

export type ImageKind = 'jpg' | 'png';

export const IMAGE_CONTENT_TYPE: Readonly<Record<ImageKind, string>> = { jpg: 'image/jpeg', png: 'image/png' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type by magic bytes, or null when it is neither JPG (FF D8 FF) nor PNG. */
export const imageKindOf = (bytes: Uint8Array): ImageKind | null => {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  return null;
};

/**
 * A document (an issued invoice, docs/money.md#invoices) may also be a PDF, recognised by its
 * `%PDF-` header; images stay JPG/PNG everywhere else. One limit for documents, for every company.
 */
export type FileKind = ImageKind | 'pdf';
export type UploadAccept = 'image' | 'document';
export const DOCUMENT_MAX_MB = 5;
export const FILE_CONTENT_TYPE: Readonly<Record<FileKind, string>> = { ...IMAGE_CONTENT_TYPE, pdf: 'application/pdf' };
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d];

/** The file's type by magic bytes for what the upload accepts, or null when it is not one of them. */
export const fileKindOf = (bytes: Uint8Array, accept: UploadAccept): FileKind | null => {
  const image = imageKindOf(bytes);
  if (image || accept === 'image') return image;
  return bytes.length >= PDF_SIGNATURE.length && PDF_SIGNATURE.every((b, i) => bytes[i] === b) ? 'pdf' : null;
};

/** The size limit of an upload of this kind for this company, MB. */
export const uploadMaxMb = (accept: UploadAccept, companyId: number, uploadAuthority: string | undefined): number =>
  (accept === 'document' ? DOCUMENT_MAX_MB : imageMaxMb(companyId, uploadAuthority));

/** Whether the company id appears in the comma list of upload_authority. */
export const hasUploadAuthority = (companyId: number, uploadAuthority: string | undefined): boolean =>
  (uploadAuthority ?? '').split(',').map((s) => s.trim()).filter(Boolean).includes(String(companyId));

export const imageMaxMb = (companyId: number, uploadAuthority: string | undefined): number =>
  hasUploadAuthority(companyId, uploadAuthority) ? AUTHORITY_IMAGE_MAX_MB : DEFAULT_IMAGE_MAX_MB;

export const MB = 1024 * 1024;

/** File names as the client sends them: the extension is only checked against the content. */
export const FILE_NAME_MAX = 200;
