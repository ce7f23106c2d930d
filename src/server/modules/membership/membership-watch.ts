/**
 * The hourly membership check: the message assistant tells a company's owners and
 * accountants, once, that its paid or trial level ends within EXPIRING_DAYS ('expiring'), and once that it
 * has ended ('expired'). Stores in membership_notice which (company, kind, end date) was told:
 * the row and the notice are written in one transaction, and the row's key refuses a second, so a
 * restart, a second server process or an overlapping run never tells twice; a renewal moves the
 * end date and so gets its own notices. An end that passed over EXPIRED_LOOKBACK_DAYS ago is not
 * announced (a database that never ran the check does not get a flood of old news).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock, RequestContext } from '../../http/context';
import type { Logger } from '../../logger';
import { daysRemaining } from '../../../shared/domain/membership';
import { FINANCE_CODES } from '../../../shared/domain/orders';
import type { ImService } from '../im/im.service';
import * as imRead from '../im/im.read';
import { membershipExpiryNotice } from '../im/notices';

export const EXPIRING_DAYS = 7;
export const EXPIRED_LOOKBACK_DAYS = 30;
export const MEMBERSHIP_WATCH_EVERY_MS = 60 * 60 * 1000;

export interface MembershipWatchDeps {
  db: Kysely<DB>;
  clock: Clock;
  notices: Pick<ImService, 'postNotice'>;
}

export const createMembershipWatch = (deps: MembershipWatchDeps) => ({
  /** One pass: how many companies were told, per kind. */
  async run(): Promise<{ expiring: number; expired: number }> {
    const now = deps.clock.now();
    const until = new Date(now.getTime() + EXPIRING_DAYS * 86400_000);
    const since = new Date(now.getTime() - EXPIRED_LOOKBACK_DAYS * 86400_000);
    const due = await sql<{ id: number; level_end_at: Date; level_name: string }>`
      select c.id, c.level_end_at, l.name as level_name
      from company c join company_level l on l.id = c.level_id
      where (l.level_type = 'paid' or l.is_trial) and c.level_end_at is not null and c.level_end_at > ${since} and c.level_end_at <= ${until}
        and not exists (select 1 from membership_notice n where n.company_id = c.id and n.level_end_at = c.level_end_at
                        and n.kind = case when c.level_end_at <= ${now} then 'expired' else 'expiring' end)
      order by c.id`.execute(deps.db);
    const told = { expiring: 0, expired: 0 };
    for (const c of due.rows) {
      const end = new Date(c.level_end_at);
      const kind = end.getTime() <= now.getTime() ? 'expired' : 'expiring';
      const later: Array<() => void> = [];
      const ctx: Pick<RequestContext, 'afterCommit'> = { afterCommit: (fn) => later.push(fn) };
      const posted = await deps.db.transaction().execute(async (trx) => {
        const mark = await trx.insertInto('membership_notice').values({ company_id: c.id, kind, level_end_at: end, posted_at: now })
          .onConflict((oc) => oc.doNothing()).returning('company_id').executeTakeFirst();
        if (!mark) return false;
        await deps.notices.postNotice(trx, {
          to: await imRead.usersWithCodes(trx, c.id, FINANCE_CODES),
          ...membershipExpiryNotice({ company_id: c.id, kind, level_name: c.level_name, level_end: end, days_left: daysRemaining(Math.floor(end.getTime() / 1000), now) }),
        }, ctx);
        return true;
      });
      if (!posted) continue;
      told[kind]++;
      for (const fn of later) fn();
    }
    return told;
  },
});

export type MembershipWatch = ReturnType<typeof createMembershipWatch>;

/** Runs the check now and every hour until stop(); never two passes at once, the timer never keeps the process alive. */
export const startMembershipWatch = (watch: MembershipWatch, log: Logger, everyMs = MEMBERSHIP_WATCH_EVERY_MS) => {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(async () => {
      try {
        const told = await watch.run();
        if (told.expiring + told.expired > 0) log('info', 'membership notices posted', told);
      } catch (e) {
        log('warn', 'membership expiry check failed', e instanceof Error ? e.message : e);
      }
    });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return { stop: async () => { clearInterval(timer); await running; } };
};
