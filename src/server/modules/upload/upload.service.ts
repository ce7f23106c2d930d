/**
 * Image upload (fileUpload): JPG/PNG recognised by magic bytes, size limited per company
 * (domain/upload), stored under the upload folder with a random name and recorded with its
 * uploader; served back read-only at the returned file_path. The random 128-bit name is what
 * keeps an image private enough to show in an <img> without a bearer token.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, invalid } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { FILE_CONTENT_TYPE, fileKindOf, MB, uploadMaxMb, type FileKind, type UploadAccept } from '../../../shared/domain/upload';
import { msg } from '../../../shared/messages';
import * as repo from './upload.repo';
import { chinaDay } from '../../../shared/domain/china-time';

export const UPLOAD_URL_PREFIX = '/api/uploads/';

/**
 * A company's uploads per China day (any user, a free member too, could fill the disk).
 * Far above what a shop needs (a store decoration of 12 photos, a day of chat pictures); the head
 * company (operators) is not limited.
 */
export const UPLOAD_DAY_QUOTA = { files: 300, bytes: 200 * MB };
export const uploadQuotaText = (q: typeof UPLOAD_DAY_QUOTA) => `本企业今天上传的图片已达上限（${q.files} 张或 ${q.bytes / MB} MB），请明天再试`;
/** The same quota met by a stock import file (images and import files share it). */
export const fileQuotaText = (q: typeof UPLOAD_DAY_QUOTA) => `本企业今天上传的文件已达上限（${q.files} 个或 ${q.bytes / MB} MB），请明天再试`;

/**
 * A company's daily upload quota (UPLOAD_DAY_QUOTA), taken atomically (upload.repo takeQuota) by
 * image uploads and stock import uploads alike; the head company is not limited. `take` refuses
 * with 429 naming `field`; its answer gives the file back when the upload is refused or fails
 * after all.
 */
export const createUploadQuota = (clock: Clock, quota: typeof UPLOAD_DAY_QUOTA = UPLOAD_DAY_QUOTA) => ({
  /** Refuses at once when `bytes` more would pass today's quota (a check before a long upload; take() decides). */
  async precheck(db: Kysely<DB>, companyId: number, bytes: number, text: string, field: string) {
    if (companyId === HEAD_COMPANY_ID) return;
    const used = await repo.usedOn(db, companyId, chinaDay(clock.now()));
    if (used.files + 1 > quota.files || used.bytes + bytes > quota.bytes) throw new AppError(ResultCode.tooManyRequests, 429, text, { field });
  },
  async take(db: Kysely<DB>, companyId: number, bytes: number, text: string, field: string): Promise<() => Promise<void>> {
    if (companyId === HEAD_COMPANY_ID) return async () => undefined;
    const day = chinaDay(clock.now());
    if (!(await repo.takeQuota(db, companyId, day, bytes, quota))) throw new AppError(ResultCode.tooManyRequests, 429, text, { field });
    return async () => {
      await repo.giveBackQuota(db, companyId, day, bytes).catch(() => undefined);
    };
  },
  texts: { image: uploadQuotaText(quota), file: fileQuotaText(quota) },
});
export type UploadQuota = ReturnType<typeof createUploadQuota>;
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|pdf)$/;

/** The stored name behind a file_path we handed out, or null for anything else. */
export const storedNameOf = (filePath: string): string | null => {
  if (!filePath.startsWith(UPLOAD_URL_PREFIX)) return null;
  const name = filePath.slice(UPLOAD_URL_PREFIX.length);
  return STORED_NAME.test(name) ? name : null;
};

/**
 * The index of the first file_path that is not an image uploaded by this company, or -1.
 * `documents`: a PDF of the company's counts too (an issued invoice); everywhere else only images.
 */
export const firstForeignUpload = async (db: Kysely<DB>, companyId: number, filePaths: string[], opts: { documents?: boolean } = {}): Promise<number> => {
  const names = filePaths.map((p) => {
    const n = storedNameOf(p);
    return n && (opts.documents || !n.endsWith('.pdf')) ? n : null;
  });
  const owned = new Set(await repo.ownedBy(db, companyId, names.filter((n): n is string => n !== null)));
  return names.findIndex((n) => n === null || !owned.has(n));
};

export const defaultUploadDir = () => resolve('./data/uploads');

/** An upload nothing names is kept this long: room for the form it was made for to be sent. */
export const UNUSED_UPLOAD_KEEP_S = 24 * 3600;

/**
 * Removes uploads older than UNUSED_UPLOAD_KEEP_S that no row names (upload.repo
 * UPLOAD_REFERENCES): their records, then their files; and files in the folder with no record
 * that are as old (a write whose record never committed). Run by the hourly housekeeping.
 * An upload made earlier and used only now is refused by the using call (图片不是您的公司上传的),
 * since its record is gone: the page asks for the picture again.
 */
export const removeUnusedUploads = async (db: Kysely<DB>, dir: string, now: Date): Promise<number> => {
  const before = new Date(now.getTime() - UNUSED_UPLOAD_KEEP_S * 1000);
  const gone = await repo.deleteUnreferenced(db, before);
  let files: string[];
  try {
    files = (await readdir(dir)).filter((n) => STORED_NAME.test(n));
  } catch {
    files = [];
  }
  const old: string[] = [];
  for (const name of files) {
    const s = await stat(join(dir, name)).catch(() => null);
    if (s && s.mtime < before) old.push(name);
  }
  const kept = new Set(await repo.recorded(db, old));
  const remove = new Set([...gone, ...old.filter((n) => !kept.has(n))]);
  for (const name of remove) await unlink(join(dir, name)).catch(() => undefined);
  return remove.size;
};

/** Deletes the quota rows of China days before today's (the housekeeping): the number deleted. */
export const removeOldQuotaDays = (db: Kysely<DB>, now: Date) => repo.deleteQuotaBefore(db, chinaDay(now));

export const createUploadService = (opts: { uploadDir?: string; clock: Clock; quota?: typeof UPLOAD_DAY_QUOTA }) => {
  const quota = createUploadQuota(opts.clock, opts.quota);
  const dir = opts.uploadDir ?? defaultUploadDir();
  return {
    /** the daily quota, shared with the stock import's uploads */
    quota,

    async upload(db: Kysely<DB>, caller: Caller, p: { base64_data: string; file_name: string; accept?: UploadAccept }) {
      const accept = p.accept ?? 'image';
      const bytes = Buffer.from(p.base64_data, 'base64');
      const kind = fileKindOf(bytes, accept);
      if (!kind) throw invalid('base64_data', accept === 'document' ? msg.documentType : msg.imageType);
      const maxMb = uploadMaxMb(accept, caller.companyId, await repo.uploadAuthority(db));
      if (bytes.length > maxMb * MB) throw invalid('base64_data', accept === 'document' ? msg.documentSize(maxMb) : msg.imageSize(maxMb));
      const giveBack = await quota.take(db, caller.companyId, bytes.length, quota.texts.image, 'base64_data');
      const name = `${randomBytes(16).toString('hex')}.${kind}`;
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(join(dir, name), bytes, { flag: 'wx' });
        await repo.recordFile(db, {
          name, company_id: caller.companyId, user_id: caller.userId, original_name: p.file_name,
          content_type: FILE_CONTENT_TYPE[kind], size: bytes.length, created_at: opts.clock.now(),
        });
      } catch (e) {
        await unlink(join(dir, name)).catch(() => undefined);
        await giveBack();
        throw e;
      }
      return { file_path: UPLOAD_URL_PREFIX + name, content_type: FILE_CONTENT_TYPE[kind], size: bytes.length };
    },

    /** The bytes and type of a stored image or document, or null when there is no such file. */
    async read(name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
      if (!STORED_NAME.test(name)) return null;
      try {
        const bytes = await readFile(join(dir, name));
        return { bytes, contentType: FILE_CONTENT_TYPE[name.slice(-3) as FileKind] };
      } catch {
        return null;
      }
    },
  };
};

export type UploadService = ReturnType<typeof createUploadService>;
