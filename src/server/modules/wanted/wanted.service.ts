/**
 * Wanted requests (requirements 001-3): a buyer says which part they want for which car brand, optionally
 * with the VIN and photos. Images must be ones the publisher's own company uploaded; the list is
 * the caller's company's only. Publishing is idempotent at the edge (Idempotency-Key).
 *
 * A wanted request joins the enquiry flow: publishing it opens a zone enquiry of one
 * line (its text, quantity 1, any quality) for its make, in the same transaction, so every seller
 * whose main makes include that make finds it in 报价专区 and quotes it like any enquiry; the
 * buyer compares and accepts on /enquiry/list/{enquiry_id}. It may be changed (updateAsktobuy)
 * while no seller has quoted — the enquiry state machine's 'update' rule — and never after.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type Wanted } from '../../../shared/contracts';
import { ENQUIRY_OPEN_DAYS, enquiryTransition } from '../../../shared/domain/enquiry';
import { msg } from '../../../shared/messages';
import { firstForeignUpload } from '../upload/upload.service';
import * as enquiries from '../enquiry/enquiry.service';
import * as repo from './wanted.repo';

export const IMAGE_NOT_OURS = '图片不存在或不是本公司上传的，请重新上传';
export const WANTED_NOT_FOUND = '求购不存在';

const shape = (r: repo.WantedRow): Wanted => ({
  id: r.id, content: r.content, make_id: r.make_id, make_name: r.make_name, vin: r.vin, img_infos: r.img_infos,
  quote_count: r.quote_count, enquiry_id: r.enquiry_id, editable: r.quote_count === 0,
  user_name: r.user_name, created: Math.floor(new Date(r.created).getTime() / 1000),
});

/** QG + date + 8 random digits: the enquiry number of a wanted request (XJ is a chosen-seller enquiry). */
const wantedNo = (now: Date) => `QG${now.toISOString().slice(0, 10).replace(/-/g, '')}${String(randomInt(0, 1e8)).padStart(8, '0')}`;

interface WantedInput { content: string; make_id: number; vin: string; img_infos: string[] }

export const createWantedService = (clock: Clock) => {
  const check = async (db: Kysely<DB>, caller: Caller, p: WantedInput) => {
    if (!(await repo.makeExists(db, p.make_id))) throw invalid('make_id', msg.chooseCarBrand);
    const images = [...new Set(p.img_infos)];
    const foreign = await firstForeignUpload(db, caller.companyId, images);
    if (foreign >= 0) throw invalid(`img_infos.${foreign}`, IMAGE_NOT_OURS);
    return images;
  };

  return {
    async publish(db: Kysely<DB>, caller: Caller, p: WantedInput) {
      const images = await check(db, caller, p);
      const now = clock.now();
      return inTransaction(db, async (trx) => {
        const id = await repo.insert(trx, {
          company: caller.companyId, user: caller.userId, content: p.content, make_id: p.make_id, vin: p.vin,
          img_infos: JSON.stringify(images), created: now,
        });
        await enquiries.insertEnquiry(trx, {
          no: wantedNo(now), company: caller.companyId, user: caller.userId, state: 'open', make_id: p.make_id, vin: p.vin, note: '',
          at: now, expires: new Date(now.getTime() + ENQUIRY_OPEN_DAYS * 86_400_000), zone: true, wanted_id: id, img_infos: images,
        }, [{ oe: '', oe_norm: '', name: p.content, qty: 1, quality: '不限' }], []);
        return shape((await repo.byId(trx, id))!);
      });
    },

    async update(db: Kysely<DB>, caller: Caller, p: WantedInput & { id: number }) {
      const images = await check(db, caller, p);
      return inTransaction(db, async (trx) => {
        const w = await repo.byId(trx, p.id);
        if (!w) throw new AppError(ResultCode.notFound, 404, WANTED_NOT_FOUND);
        if (w.company !== caller.companyId) throw forbidden('只能修改本公司的求购');
        const e = await enquiries.byWanted(trx, p.id);
        if (e) {
          const m = enquiryTransition({ state: e.state, expiresAt: e.expires_at ? unix(e.expires_at) : null, quoteCount: e.quote_count }, 'update', Math.floor(clock.now().getTime() / 1000));
          if (!m.ok) throw new AppError(ResultCode.conflict, 409, m.reason);
          await enquiries.updateWantedEnquiry(trx, e.id, { ...p, img_infos: images });
        }
        await repo.update(trx, p.id, { content: p.content, make_id: p.make_id, vin: p.vin, img_infos: JSON.stringify(images) });
        return shape((await repo.byId(trx, p.id))!);
      });
    },

    async list(db: Kysely<DB>, caller: Caller, p: { page_number: number; page_size: number }) {
      const { rows, total } = await repo.listOfCompany(db, caller.companyId, (p.page_number - 1) * p.page_size, p.page_size);
      return { data: rows.map(shape), total };
    },

    makes: (db: Kysely<DB>) => repo.makes(db),
  };
};

export type WantedService = ReturnType<typeof createWantedService>;
