/**
 * Enterprise settings (M07, /backend/settings/enterprise): the caller's company's name, short name,
 * phone, area, address, logo and main brands and makes. Every user of the company may read them;
 * the owner or a holder of M07 may change them. The profile call (account module) keeps letting
 * the owner change the basic fields from the profile page; both write the same columns with the
 * same rules (companyProfileSchema).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { inTransaction } from '../../db/helpers';
import * as companyChange from '../company-change/company-change.service';
import { AppError, forbidden } from '../../http/errors';
import { ENTERPRISE_CODES, ResultCode, type Enterprise, type PayloadOut } from '../../../shared/contracts';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { orgText } from '../../../shared/domain/organisation';
import { firstForeignUpload } from '../upload/upload.service';
import * as repo from './enterprise.repo';

/** Whether the caller may change the company's settings: its owner or a holder of M07 (other modules ask this, e.g. 所在汽配城). */
export const mayEditEnterprise = async (db: Kysely<DB>, caller: Caller) =>
  hasAnyPermission(caller.permissions, ENTERPRISE_CODES) || repo.isOwner(db, caller.userId);

const fieldError = (field: string, text: string) => new AppError(ResultCode.invalidPayload, 422, text, { field });

/** Names in the order the company chose them; an id no longer known drops out. */
const inOrder = (ids: number[], rows: Array<{ id: number; name: string }>) =>
  ids.flatMap((id) => rows.filter((r) => r.id === id));

export const createEnterpriseService = (clock: Clock) => {
  const read = async (db: Kysely<DB>, caller: Caller): Promise<Enterprise> => {
    const c = await repo.enterpriseOf(db, caller.companyId);
    if (!c) throw new AppError(ResultCode.notFound, 404, '公司不存在');
    const [brands, makes, owner, change, reviewOn] = await Promise.all([
      repo.brandsByIds(db, c.main_brand_ids), repo.makesByIds(db, c.main_make_ids), repo.isOwner(db, caller.userId),
      companyChange.shownToCompany(db, caller.companyId), companyChange.reviewOn(db),
    ]);
    const { main_brand_ids, main_make_ids, ...rest } = c;
    return {
      ...rest, main_brands: inOrder(main_brand_ids, brands), main_makes: inOrder(main_make_ids, makes),
      editable: owner || hasAnyPermission(caller.permissions, ENTERPRISE_CODES), change, review_on: reviewOn,
    };
  };

  return {
    get: read,

    async update(db: Kysely<DB>, caller: Caller, p: PayloadOut<'enterpriseUpdate'>) {
      if (!hasAnyPermission(caller.permissions, ENTERPRISE_CODES) && !(await repo.isOwner(db, caller.userId))) throw forbidden(orgText.enterpriseOwnerOrM07);
      const current = await repo.enterpriseOf(db, caller.companyId);
      if (!current) throw new AppError(ResultCode.notFound, 404, '公司不存在');
      if (p.logo !== '' && p.logo !== current.logo && (await firstForeignUpload(db, caller.companyId, [p.logo])) >= 0) throw fieldError('logo', orgText.logoNotOurs);
      const brands = await repo.brandsByIds(db, p.main_brand_ids);
      const badBrand = p.main_brand_ids.findIndex((id) => !brands.some((b) => b.id === id));
      if (badBrand >= 0) throw fieldError(`main_brand_ids.${badBrand}`, orgText.unknownBrand(p.main_brand_ids[badBrand]));
      const makes = await repo.makesByIds(db, p.main_make_ids);
      const badMake = p.main_make_ids.findIndex((id) => !makes.some((m) => m.id === id));
      if (badMake >= 0) throw fieldError(`main_make_ids.${badMake}`, orgText.unknownMake(p.main_make_ids[badMake]));
      // with change review on, the reviewed fields wait for an operator and the rest apply now
      await inTransaction(db, async (trx) => repo.updateEnterprise(trx, caller.companyId, await companyChange.split(trx, caller.companyId, caller.userId, clock.now(), p, 'replace')));
      return read(db, caller);
    },
  };
};

export type EnterpriseService = ReturnType<typeof createEnterpriseService>;
