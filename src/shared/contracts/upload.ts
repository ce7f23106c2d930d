import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { AUTHORITY_IMAGE_MAX_MB, DOCUMENT_MAX_MB, FILE_NAME_MAX, MB } from '../domain/upload';
import { msg } from '../messages';

/** base64 of the largest image anyone may upload, plus room for a data: URL prefix */
const BASE64_MAX = Math.ceil((Math.max(AUTHORITY_IMAGE_MAX_MB, DOCUMENT_MAX_MB) * MB) / 3) * 4 + 100;

export const uploadResultSchema = v.object({
  /** where the stored image is served (read-only) */
  file_path: v.string(),
  content_type: v.string(),
  size: v.number(),
});

export const uploadEndpoints = {
  fileUpload: defineEndpoint({
    method: 'post', path: '/upload/file', tag: 'upload', access: 'user',
    summary: '上传图片（base64）：只接受 JPG/PNG（按文件头识别），默认不超过2 MB，upload_authority 中的公司不超过5 MB；accept=document（如发票）另可为 PDF，不超过5 MB；返回 file_path',
    payload: v.object({
      base64_data: v.pipe(
        v.string('请选择要上传的图片'),
        v.nonEmpty('请选择要上传的图片'),
        v.maxLength(BASE64_MAX, msg.imageSize(AUTHORITY_IMAGE_MAX_MB)),
        // a data: URL prefix is allowed and ignored; its declared type is not trusted either
        v.transform((s) => s.replace(/^data:[a-z/+.-]*;base64,/i, '').replace(/\s+/g, '')),
        v.regex(/^[A-Za-z0-9+/]+={0,2}$/, '图片数据不是有效的 base64'),
      ),
      file_name: v.pipe(v.string('请提供文件名'), v.trim(), v.nonEmpty('请提供文件名'), v.maxLength(FILE_NAME_MAX, `文件名最多${FILE_NAME_MAX}个字符`)),
      /** image (the default): JPG/PNG; document: also a PDF (an issued invoice) */
      accept: v.optional(v.picklist(['image', 'document'], '上传类型只能是 image 或 document'), 'image'),
    }),
    answer: uploadResultSchema,
  }),
} as const;
