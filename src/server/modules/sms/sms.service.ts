/**
 * SMS verification codes: 6 digits, valid 5 minutes, stored as a salted SHA-256 and bound to one
 * mobile and purpose. Sending is throttled (one per mobile per 60 s; daily caps per mobile and per
 * client address, counted per China business day); 5 wrong tries burn a code; a new code
 * replaces the older open ones of the same mobile and purpose.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../http/context';
import { AppError } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import type { SmsPurpose } from '../../../shared/domain/account-rules';
import { msg } from '../../../shared/messages';
import type { SmsProvider } from './sms.provider';
import { noticeText } from './notice-template.repo';
import { chinaDayStart } from '../../../shared/domain/china-time';

/** A notice template filled in, for the modules that send notices. */
export { noticeText };

export const SMS_LIMITS = { resendS: 60, ttlS: 300, maxTries: 5, perMobilePerDay: 10, perAddressPerDay: 30 } as const;

const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest();


const codeError = (text: string) => new AppError(ResultCode.invalidPayload, 422, text, { field: 'sms_code' });
const throttled = (text: string, seconds: number) =>
  new AppError(ResultCode.tooManyRequests, 429, text, { field: 'mobile', headers: { 'Retry-After': String(seconds) } });

export const createSmsService = (deps: { clock: Clock; sms: SmsProvider; log?: (level: 'info' | 'warn' | 'error', text: string, detail?: unknown) => void }) => ({
  /**
   * `deliver: false` does everything a send does (limits, the stored code) except the message:
   * a reset for a number nobody owns answers like any other, so the answer tells nothing.
   */
  async send(db: Kysely<DB>, mobile: string, purpose: SmsPurpose, address: string, opts: { deliver?: boolean } = {}) {
    const now = deps.clock.now();
    const dayStart = chinaDayStart(now);
    return db.transaction().execute(async (trx) => {
      // two sends for one mobile, or from one address, at once must not both slip under a limit;
      // the address is always locked first, so two sends never wait on each other
      await sql`select pg_advisory_xact_lock(hashtext(${`sms-address:${address}`}))`.execute(trx);
      await sql`select pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`.execute(trx);
      const last = await trx.selectFrom('sms_code').select('created_at').where('mobile', '=', mobile)
        .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
      const age = last ? (now.getTime() - new Date(last.created_at).getTime()) / 1000 : Infinity;
      if (age < SMS_LIMITS.resendS) {
        const wait = Math.max(1, Math.ceil(SMS_LIMITS.resendS - age));
        throw throttled(msg.smsTooSoon(wait), wait);
      }
      const counts = await trx.selectFrom('sms_code')
        .select((eb) => [
          eb.fn.countAll<number>().filterWhere('mobile', '=', mobile).as('by_mobile'),
          eb.fn.countAll<number>().filterWhere('address', '=', address).as('by_address'),
        ])
        .where('created_at', '>=', dayStart)
        .where((eb) => eb.or([eb('mobile', '=', mobile), eb('address', '=', address)]))
        .executeTakeFirstOrThrow();
      const untilTomorrow = Math.ceil((dayStart.getTime() + 86400_000 - now.getTime()) / 1000);
      if (Number(counts.by_mobile) >= SMS_LIMITS.perMobilePerDay) throw throttled(msg.smsMobileDailyCap, untilTomorrow);
      if (Number(counts.by_address) >= SMS_LIMITS.perAddressPerDay) throw throttled(msg.smsAddressDailyCap, untilTomorrow);

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const salt = randomBytes(16).toString('base64url');
      await trx.updateTable('sms_code').set({ consumed_at: now })
        .where('mobile', '=', mobile).where('purpose', '=', purpose).where('consumed_at', 'is', null).execute();
      await trx.insertInto('sms_code').values({
        mobile, purpose, salt, code_hash: hashCode(salt, code).toString('hex'), address,
        created_at: now, expires_at: new Date(now.getTime() + SMS_LIMITS.ttlS * 1000),
      }).execute();
      try {
        if (opts.deliver !== false) {
          const text = await noticeText(trx, purpose === 'register' ? 'sms_register' : 'sms_reset', { code, minutes: String(SMS_LIMITS.ttlS / 60) });
          await deps.sms.send({ mobile, purpose, code, text });
        }
      } catch (e) {
        // the code row rolls back with the transaction, so a failed send costs the user nothing
        deps.log?.('error', `SMS via ${deps.sms.name} to ${mobile} failed`, e);
        throw new AppError(ResultCode.serverError, 502, msg.smsSendFailed);
      }
      return { resend_after: SMS_LIMITS.resendS, expires_in: SMS_LIMITS.ttlS };
    });
  },

  /**
   * Checks a code and returns its id for `consume`. Every check takes one of the code's tries in
   * a single UPDATE before comparing (committed at once, whatever the caller does next), so a
   * burst of guesses sent together still compares at most 5; the fifth wrong try burns the code.
   */
  async check(db: Kysely<DB>, mobile: string, purpose: SmsPurpose, code: string): Promise<string> {
    const now = deps.clock.now();
    const row = await db.selectFrom('sms_code').selectAll().where('mobile', '=', mobile).where('purpose', '=', purpose)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (!row) throw codeError(msg.smsNoCode);
    if (row.consumed_at) throw codeError(msg.smsCodeDead);
    if (new Date(row.expires_at) <= now) throw codeError(msg.smsCodeExpired);
    const claimed = await db.updateTable('sms_code').set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id).where('consumed_at', 'is', null).where('attempts', '<', SMS_LIMITS.maxTries)
      .returning('attempts').executeTakeFirst();
    if (!claimed) throw codeError(msg.smsTooManyTries);
    const good = timingSafeEqual(hashCode(row.salt, code), Buffer.from(row.code_hash, 'hex'));
    if (good) return row.id;
    const tries = claimed.attempts;
    if (tries >= SMS_LIMITS.maxTries) await db.updateTable('sms_code').set({ consumed_at: now }).where('id', '=', row.id).where('consumed_at', 'is', null).execute();
    throw codeError(tries >= SMS_LIMITS.maxTries ? msg.smsTooManyTries : msg.smsWrongCode(SMS_LIMITS.maxTries - tries));
  },

  /** Spends a checked code inside the caller's transaction; false when it was spent meanwhile. */
  async consume(trx: Kysely<DB>, id: string): Promise<boolean> {
    const r = await trx.updateTable('sms_code').set({ consumed_at: deps.clock.now() })
      .where('id', '=', id).where('consumed_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
});

export type SmsService = ReturnType<typeof createSmsService>;
