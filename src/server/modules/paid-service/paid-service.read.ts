/**
 * What other modules ask of paid services (docs/money.md#paid-services): the employee seats a
 * company bought (organisation adds them to its level's limit), one bought stock query taken
 * after the day's free quota is used (search), and whether a company must still accept the
 * service agreement before it recharges or buys (wallet).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { inTransaction } from '../../db/helpers';
import { paidServiceText } from '../../../shared/contracts/paid-service';

/** Employee seats bought (kept for good; docs/money.md#paid-services). */
export const extraSeats = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('paid_service_balance').select('remaining').where('company_id', '=', companyId).where('service', '=', 'user').executeTakeFirst())?.remaining ?? 0;

/**
 * Takes one bought stock query for `day` (China day), once the free ones are used: false when
 * none is left. One statement, so two queries at once never take the last one twice.
 */
export const takeExtraStockQuery = (db: Kysely<DB>, companyId: number, day: string) => inTransaction(db, async (trx) => {
  const { rows } = await sql<{ remaining: number }>`
    update paid_service_balance set remaining = remaining - 1
    where company_id = ${companyId} and service = 'stock' and remaining > 0 returning remaining`.execute(trx);
  if (rows.length === 0) return false;
  await sql`insert into paid_service_use as u (company_id, service, day, used) values (${companyId}, 'stock', ${day}, 1)
    on conflict (company_id, service, day) do update set used = u.used + 1`.execute(trx);
  return true;
});

/** The agreement now in force, or undefined when none was published. */
export const currentAgreement = (db: Kysely<DB>) =>
  db.selectFrom('service_agreement').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst();

export const hasAccepted = async (db: Kysely<DB>, agreementId: number, companyId: number) =>
  (await db.selectFrom('service_agreement_acceptance').select('company_id').where('agreement_id', '=', agreementId).where('company_id', '=', companyId).executeTakeFirst()) !== undefined;

/** Refuses (403) a recharge or purchase while a published agreement's current version is not accepted by the company. */
export const requireAgreement = async (db: Kysely<DB>, companyId: number) => {
  const a = await currentAgreement(db);
  if (a && !(await hasAccepted(db, a.id, companyId))) throw forbidden(paidServiceText.agreementRequired);
};
