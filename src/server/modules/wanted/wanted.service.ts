/**
 * Wanted requests (001 §3): a buyer says which part they want for which car brand, optionally
 * with the VIN and photos. Images must be ones the publisher's own company uploaded; the list is
 * the caller's company's only. Publishing is idempotent at the edge (Idempotency-Key).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { invalid } from '../../http/errors';
import type { Wanted } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import { firstForeignUpload } from '../upload/upload.service';
import * as repo from './wanted.repo';

export const IMAGE_NOT_OURS = '图片不存在或不是本公司上传的，请重新上传';

const shape = (r: repo.WantedRow): Wanted => ({
  id: r.id, content: r.content, make_id: r.make_id, make_name: r.make_name, vin: r.vin, img_infos: r.img_infos,
  quote_count: r.quote_count, user_name: r.user_name, created: Math.floor(new Date(r.created).getTime() / 1000),
});

export const createWantedService = (clock: Clock) => ({
  async publish(db: Kysely<DB>, caller: Caller, p: { content: string; make_id: number; vin: string; img_infos: string[] }) {
    if (!(await repo.makeExists(db, p.make_id))) throw invalid('make_id', msg.chooseCarBrand);
    const images = [...new Set(p.img_infos)];
    const foreign = await firstForeignUpload(db, caller.companyId, images);
    if (foreign >= 0) throw invalid(`img_infos.${foreign}`, IMAGE_NOT_OURS);
    return shape(await repo.insert(db, {
      company: caller.companyId, user: caller.userId, content: p.content, make_id: p.make_id, vin: p.vin,
      img_infos: JSON.stringify(images), created: clock.now(),
    }));
  },

  async list(db: Kysely<DB>, caller: Caller, p: { page_number: number; page_size: number }) {
    const { rows, total } = await repo.listOfCompany(db, caller.companyId, (p.page_number - 1) * p.page_size, p.page_size);
    return { data: rows.map(shape), total };
  },

  makes: (db: Kysely<DB>) => repo.makes(db),
});

export type WantedService = ReturnType<typeof createWantedService>;
