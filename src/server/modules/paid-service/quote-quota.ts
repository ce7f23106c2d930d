/**
 * The daily quote limit and quote packs (docs/money.md#paid-services), asked by the enquiry module:
 * a new quote takes one of the level's free quotes of the China day (`quote_count`), else one
 * bought quote (`paid_service_balance` remaining, its use per day in `paid_service_use`), else it
 * is refused. Called inside the quote's transaction, so a refused or failed quote takes nothing,
 * and each take is one conditional statement: two quotes racing for the last one, one gets it.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import { quoteQuotaText, quoteStanding, type QuoteStanding } from '../../../shared/domain/quote-quota';

const perDayOf = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('company').innerJoin('company_level', 'company_level.id', 'company.level_id').select('company_level.quote_per_day')
    .where('company.id', '=', companyId).executeTakeFirst())?.quote_per_day ?? null;

/** One free quote of `day`, counted: false when the day's free ones are used. */
const takeFree = async (db: Kysely<DB>, companyId: number, day: string, perDay: number | null) => {
  if (perDay === 0) return false;
  const { rows } = await sql<{ used: number }>`
    insert into quote_count as q (company_id, day, used) values (${companyId}, ${day}, 1)
    on conflict (company_id, day) do update set used = q.used + 1
    ${perDay === null ? sql`` : sql`where q.used < ${perDay}`}
    returning used`.execute(db);
  return rows.length > 0;
};

/** One bought quote, noted as used on `day`: false when none is left. */
const takeBought = async (db: Kysely<DB>, companyId: number, day: string) => {
  const { rows } = await sql<{ remaining: number }>`
    update paid_service_balance set remaining = remaining - 1
    where company_id = ${companyId} and service = 'quote' and remaining > 0 returning remaining`.execute(db);
  if (rows.length === 0) return false;
  await sql`insert into paid_service_use as u (company_id, service, day, used) values (${companyId}, 'quote', ${day}, 1)
    on conflict (company_id, service, day) do update set used = u.used + 1`.execute(db);
  return true;
};

/**
 * Takes the quote a new answer needs, in the caller's transaction (`trx`); refuses (429, nothing
 * changed once the transaction rolls back) when the free and bought ones are used up.
 */
export const takeQuote = async (trx: Kysely<DB>, companyId: number, day: string) => {
  const perDay = await perDayOf(trx, companyId);
  if (await takeFree(trx, companyId, day, perDay)) return 'free' as const;
  if (await takeBought(trx, companyId, day)) return 'bought' as const;
  throw new AppError(ResultCode.tooManyRequests, 429, quoteQuotaText.usedUp);
};

/** Today's quotes of a company: used (free and bought), the level's free ones left, bought ones left. */
export const quoteAllowance = async (db: Kysely<DB>, companyId: number, day: string): Promise<QuoteStanding> => {
  const [perDay, free, bought, balance] = await Promise.all([
    perDayOf(db, companyId),
    db.selectFrom('quote_count').select('used').where('company_id', '=', companyId).where('day', '=', day).executeTakeFirst(),
    db.selectFrom('paid_service_use').select('used').where('company_id', '=', companyId).where('service', '=', 'quote').where('day', '=', day).executeTakeFirst(),
    db.selectFrom('paid_service_balance').select('remaining').where('company_id', '=', companyId).where('service', '=', 'quote').executeTakeFirst(),
  ]);
  return quoteStanding({ per_day: perDay, free_used: free?.used ?? 0, bought_used: bought?.used ?? 0, bought_left: balance?.remaining ?? 0 });
};
