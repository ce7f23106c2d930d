/**
 * Login throttling, stored in the database (`login_throttle`) so it holds across restarts.
 * Three counters, each checked before a password is compared and bumped when it is wrong:
 * - Per account and client address ('pair'): 5 failures within 15 minutes lock that account for
 *   that address only, 30 s doubling with each further lock up to 5 minutes; a quiet hour or a
 *   successful sign-in from that same address resets it (from another address it does not). Guesses from one host cannot lock the real user out from theirs.
 * - Per client address ('address'): 20 failures within 10 minutes lock that address, for every
 *   account, until the window ends: one host guessing across many accounts.
 * - Per account from all addresses ('account'): 100 failures within 15 minutes lock the account
 *   everywhere for 30 s, never longer and never doubling. It slows guessing spread over many
 *   hosts; as each lock needs 100 new failures, and every host may add at most 5 of them per 15
 *   minutes, keeping a real user out takes a large number of hosts, and only for 30 s at a time.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema';
import { tooMany } from '../../http/errors';

export const PAIR_LIMIT = { failures: 5, windowS: 15 * 60, baseLockS: 30, maxLockS: 5 * 60, resetAfterS: 60 * 60 };
export const ADDRESS_LIMIT = { failures: 20, windowS: 10 * 60 };
export const ACCOUNT_LIMIT = { failures: 100, windowS: 15 * 60, lockS: 30 };
/** A row whose window started this long ago and whose lock has ended counts as no row (see sweepThrottle). */
export const THROTTLE_FORGET_S = 24 * 60 * 60;

type Scope = DB['login_throttle']['scope'];
interface Counter { scope: Scope; key: string; account: string | null }

const counters = (account: string, address: string): Counter[] => [
  { scope: 'pair', key: JSON.stringify([account, address]), account },
  { scope: 'address', key: address, account: null },
  { scope: 'account', key: account, account },
];

const secondsLeft = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

export const checkThrottle = async (db: Kysely<DB>, account: string, address: string, now: Date) => {
  const rows = await db.selectFrom('login_throttle').select('locked_until')
    .where((eb) => eb.or(counters(account, address).map((c) => eb.and([eb('scope', '=', c.scope), eb('key', '=', c.key)]))))
    .where('locked_until', '>', now)
    .execute();
  if (rows.length > 0) {
    const until = new Date(Math.max(...rows.map((r) => new Date(r.locked_until as Date).getTime())));
    throw tooMany(secondsLeft(until, now));
  }
};

/** The row after one more failure: its count within the window, and a lock when the limit is reached. */
const next = (scope: Scope, row: Selectable<DB['login_throttle']> | undefined, now: Date) => {
  const windowS = scope === 'pair' ? PAIR_LIMIT.windowS : scope === 'address' ? ADDRESS_LIMIT.windowS : ACCOUNT_LIMIT.windowS;
  const limit = scope === 'pair' ? PAIR_LIMIT.failures : scope === 'address' ? ADDRESS_LIMIT.failures : ACCOUNT_LIMIT.failures;
  const age = row ? (now.getTime() - new Date(row.window_start).getTime()) / 1000 : Infinity;
  const failures = !row || age > windowS ? 1 : row.failures + 1;
  const windowStart = !row || age > windowS ? now : new Date(row.window_start);
  const lockCount = scope === 'pair' && row && age <= PAIR_LIMIT.resetAfterS ? row.lock_count : 0;
  if (failures < limit) return { failures, window_start: windowStart, locked_until: null, lock_count: lockCount };
  if (scope === 'address') return { failures, window_start: windowStart, locked_until: new Date(windowStart.getTime() + windowS * 1000), lock_count: 0 };
  // pair and account: the lock ends the window; the next one counts afresh from now
  const lockS = scope === 'pair' ? Math.min(PAIR_LIMIT.baseLockS * 2 ** lockCount, PAIR_LIMIT.maxLockS) : ACCOUNT_LIMIT.lockS;
  return { failures: 0, window_start: now, locked_until: new Date(now.getTime() + lockS * 1000), lock_count: scope === 'pair' ? lockCount + 1 : 0 };
};

export const recordFailure = async (db: Kysely<DB>, account: string, address: string, now: Date) => {
  for (const c of counters(account, address)) {
    const row = await db.selectFrom('login_throttle').selectAll().where('scope', '=', c.scope).where('key', '=', c.key).executeTakeFirst();
    const values = next(c.scope, row, now);
    await db.insertInto('login_throttle').values({ ...c, ...values })
      .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet(values)).execute();
  }
};

/**
 * Forgets the account's counters from every address: the owner just signed in or proved who
 * they are. The per-address counters stay.
 */
export const clearAccount = async (db: Kysely<DB>, account: string) => {
  await db.deleteFrom('login_throttle').where('account', '=', account).execute();
};

/**
 * Forgets the failures of this account from this address only: its owner just signed in from
 * here. An attacker's counters at other addresses keep counting (a real user's sign-in
 * used to clear them, handing the attacker a fresh set of guesses).
 */
export const clearPair = async (db: Kysely<DB>, account: string, address: string) => {
  await db.deleteFrom('login_throttle').where('scope', '=', 'pair').where('key', '=', JSON.stringify([account, address])).execute();
};

/** Deletes rows that no longer change anything: their window started a day ago and no lock holds. */
export const sweepThrottle = async (db: Kysely<DB>, now: Date) => {
  const before = new Date(now.getTime() - THROTTLE_FORGET_S * 1000);
  const r = await db.deleteFrom('login_throttle')
    .where('window_start', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
};
