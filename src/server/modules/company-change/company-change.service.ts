/**
 * Company data changes under review (企业资料变更审核, table company_change, migration 0120).
 * While the parameter company_change_review is '1', a company's edit of the reviewed fields (name,
 * short name, province, city, address) is kept as one pending change per company instead of being
 * written; the other fields of the same edit apply at once. An operator approves (the values are
 * written in the approval's transaction) or rejects with a reason the company reads. With the
 * parameter '0' every edit applies directly, as before (and withdraws a change left waiting from
 * when review was on). Both company edit calls (enterpriseUpdate
 * and the owner's accountProfileUpdate) go through `split`, so neither bypasses the review.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { unix } from '../../db/helpers';
import { COMPANY_REVIEW_PARAM, REVIEWED_FIELD_KEYS, type ReviewedCompanyField } from '../../../shared/domain/operation';

type Fields = Partial<Record<ReviewedCompanyField, string>>;

export const reviewOn = async (db: Kysely<DB>) =>
  (await db.selectFrom('system_param').select('value').where('key', '=', COMPANY_REVIEW_PARAM).executeTakeFirst())?.value === '1';

/**
 * Takes a company edit inside the caller's transaction and returns what to write now. With review
 * on, reviewed fields that differ from the company's current values become its pending change and
 * are left out of the returned edit.
 * - `replace` (企业信息, whose form shows the waiting values): the edit states every reviewed field
 *   as the company wants it, so it replaces the waiting change; putting every reviewed field back
 *   to its current value withdraws it.
 * - `merge` (the owner's profile page, whose form shows the values in force): a field left at its
 *   current value keeps what waits for it; a changed field is added to the waiting change.
 */
export const split = async <E extends Fields>(trx: Kysely<DB>, companyId: number, userId: number, now: Date, edit: E, mode: 'replace' | 'merge'): Promise<E> => {
  if (!(await reviewOn(trx))) {
    // review was turned off while a change waited: this edit applies directly and supersedes it
    await trx.updateTable('company_change').set({ state: 'withdrawn', decided_at: now }).where('company_id', '=', companyId).where('state', '=', 'pending').execute();
    return edit;
  }
  const current = await trx.selectFrom('company').select(REVIEWED_FIELD_KEYS).where('id', '=', companyId).forUpdate().executeTakeFirstOrThrow();
  const direct = { ...edit };
  for (const k of REVIEWED_FIELD_KEYS) delete direct[k];
  const pending = await trx.selectFrom('company_change').select(['id', 'new_value']).where('company_id', '=', companyId).where('state', '=', 'pending').executeTakeFirst();
  const wanted: Fields = mode === 'merge' ? { ...(pending?.new_value ?? {}) } : {};
  for (const k of REVIEWED_FIELD_KEYS) if (edit[k] !== undefined && edit[k] !== current[k]) wanted[k] = edit[k];
  const changed = REVIEWED_FIELD_KEYS.filter((k) => wanted[k] !== undefined && wanted[k] !== current[k]);
  if (changed.length === 0) {
    if (pending) await trx.updateTable('company_change').set({ state: 'withdrawn', decided_at: now }).where('id', '=', pending.id).execute();
    return direct;
  }
  const old_value = JSON.stringify(Object.fromEntries(changed.map((k) => [k, current[k]])));
  const new_value = JSON.stringify(Object.fromEntries(changed.map((k) => [k, wanted[k]])));
  if (pending) {
    await trx.updateTable('company_change').set({ old_value, new_value, submitted_by: userId, submitted_at: now }).where('id', '=', pending.id).execute();
  } else {
    await trx.insertInto('company_change').values({ company_id: companyId, old_value, new_value, submitted_by: userId, submitted_at: now }).execute();
  }
  return direct;
};

/** What the company's own page shows: its pending change, or the last rejected one until it submits again. */
export const shownToCompany = async (db: Kysely<DB>, companyId: number) => {
  const last = await db.selectFrom('company_change').select(['state', 'old_value', 'new_value', 'reason', 'submitted_at', 'decided_at'])
    .where('company_id', '=', companyId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!last || (last.state !== 'pending' && last.state !== 'rejected')) return null;
  return { state: last.state, old_value: last.old_value, new_value: last.new_value, reason: last.reason, submitted_at: unix(last.submitted_at), decided_at: unix(last.decided_at) };
};
