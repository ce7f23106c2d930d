/**
 * API keys of the open platform (docs/open-platform.md, "Keys and signing"): a company's owner or
 * an M07 holder lists, creates, rotates and revokes its keys and reads its call log; the scopes a
 * key may hold are those of the bundle the operator gave the company's level. The secret is
 * answered once (create, rotate) and stored only encrypted. Operators see every key and log,
 * revoke keys and manage the bundles.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import {
  OPEN_KEY_MAX_PER_COMPANY, OPEN_ROTATION_GRACE_HOURS, OPEN_SCOPE_LABELS, OPEN_SCOPES, openText, ResultCode,
  type OpenBundle, type OpenCall, type OpenKey, type OpenKeyState, type OpenLevelBundle, type OpenScope, type OpOpenCall, type OpOpenKey, type PayloadOut,
} from '../../../shared/contracts';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import * as audit from '../operation/audit.service';
import { companyCard, isOwner } from '../company/company.service';
import { lapseExpiredLevel } from '../auth/auth.service';
import { newKeyId, newSecret, sealSecret } from './open.crypto';
import * as repo from './open.repo';

/** the hourly sweep's part (sweep.ts): nonces past 10 minutes, call log rows past 90 days */
export const purgeOpen = repo.purge;

const notFound = () => new AppError(ResultCode.notFound, 404, openText.keyNotFound);
const asScopes = (s: string[]) => s.filter((x): x is OpenScope => (OPEN_SCOPES as readonly string[]).includes(x));

export const keyState = (k: Pick<repo.KeyRow, 'revoked_at' | 'expires_at'>, now: Date): OpenKeyState =>
  k.revoked_at ? 'revoked' : k.expires_at && new Date(k.expires_at) <= now ? 'expired' : 'active';

const keyAnswer = (k: repo.KeyRow & { creator?: string | null }, now: Date): OpenKey => ({
  key_id: k.id, name: k.name, scopes: asScopes(k.scopes), ip_allow: k.ip_allow, state: keyState(k, now),
  expires_at: unix(k.expires_at), created_at: unix(k.created_at), created_by: k.creator ?? '',
  previous_valid_until: k.prev_valid_until && new Date(k.prev_valid_until) > now ? unix(k.prev_valid_until) : 0,
  last_call_at: unix(k.last_call_at),
});

const callAnswer = (r: Awaited<ReturnType<typeof repo.calls>>['rows'][number]): OpenCall => ({
  id: Number(r.id), key_id: r.key_id, key_name: r.key_name, call_name: r.call_name, method: r.method, path: r.path, status: r.status,
  duration_ms: r.duration_ms, request_id: r.request_id, at: unix(r.at),
});

/** The scopes the company's level may grant, by the operator's bundles (interface/permission). */
export const allowedScopes = async (db: Kysely<DB>, companyId: number, now: Date) => {
  // a membership that ended counts as ended here too, even if nobody of the company signs in on the web
  await lapseExpiredLevel(db, companyId, now);
  const c = await companyCard(db, companyId);
  if (!c) return { scopes: [] as OpenScope[], levelName: '', suspended: false };
  return { scopes: asScopes(await repo.levelScopes(db, c.level_id)), levelName: c.level_name, suspended: c.suspended_at !== null };
};

export const createOpenService = (deps: { clock: Clock; serverKey: Buffer }) => {
  const { clock, serverKey } = deps;

  /** the owner or an M07 holder of the caller's company (docs/open-platform.md, "Keys and signing") */
  const mayManage = async (db: Kysely<DB>, caller: Caller) => {
    if (hasAnyPermission(caller.permissions, ['M07'])) return;
    if (await isOwner(db, caller.userId)) return;
    throw forbidden(openText.manageOnly);
  };
  const ownKey = async (db: Kysely<DB>, caller: Caller, keyId: string) => {
    const k = await repo.keyById(db, keyId);
    if (!k || k.company_id !== caller.companyId) throw notFound();
    return k;
  };
  const withCreator = async (db: Kysely<DB>, k: repo.KeyRow) => ({ ...k, creator: await repo.creatorOf(db, k.created_by) });

  return {
    async list(db: Kysely<DB>, caller: Caller) {
      await mayManage(db, caller);
      const now = clock.now();
      const [keys, allowed] = await Promise.all([repo.keysOf(db, caller.companyId), allowedScopes(db, caller.companyId, now)]);
      return { keys: keys.map((k) => keyAnswer(k, now)), allowed_scopes: allowed.scopes, level_name: allowed.levelName };
    },

    async create(db: Kysely<DB>, caller: Caller, p: PayloadOut<'openKeyCreate'>) {
      await mayManage(db, caller);
      const now = clock.now();
      const allowed = await allowedScopes(db, caller.companyId, now);
      if (allowed.scopes.length === 0) throw forbidden(openText.noScopesForLevel);
      const refused = p.scopes.filter((s) => !allowed.scopes.includes(s));
      if (refused.length > 0) throw new AppError(ResultCode.forbidden, 403, openText.scopesNotAllowed(refused.map((s) => OPEN_SCOPE_LABELS[s])), { field: 'scopes' });
      if (p.expires_at !== 0 && p.expires_at * 1000 <= now.getTime()) throw invalid('expires_at', openText.expires);
      return inTransaction(db, async (trx) => {
        // two creates at once count one after the other
        await sql`select pg_advisory_xact_lock(hashtext(${`open-key:${caller.companyId}`}))`.execute(trx);
        if ((await repo.liveKeyCount(trx, caller.companyId, now)) >= OPEN_KEY_MAX_PER_COMPANY) throw conflict(openText.keyLimit(OPEN_KEY_MAX_PER_COMPANY));
        const secret = newSecret();
        const row = await trx.insertInto('open_key').values({
          id: newKeyId(), company_id: caller.companyId, name: p.name, created_by: caller.userId, scopes: p.scopes, ip_allow: p.ip_allow,
          secret_enc: sealSecret(serverKey, secret), expires_at: p.expires_at ? new Date(p.expires_at * 1000) : null, created_at: now,
        }).returningAll().executeTakeFirstOrThrow();
        return { key: keyAnswer(await withCreator(trx, row), now), secret };
      });
    },

    /** A new secret, answered once; the one before signs on for OPEN_ROTATION_GRACE_HOURS. */
    async rotate(db: Kysely<DB>, caller: Caller, keyId: string) {
      await mayManage(db, caller);
      const now = clock.now();
      return inTransaction(db, async (trx) => {
        const k = await ownKey(trx, caller, keyId);
        if (keyState(k, now) !== 'active') throw conflict(k.revoked_at ? openText.alreadyRevoked : openText.expiredKey);
        const secret = newSecret();
        const row = await trx.updateTable('open_key').set({
          secret_enc: sealSecret(serverKey, secret), prev_secret_enc: k.secret_enc,
          prev_valid_until: new Date(now.getTime() + OPEN_ROTATION_GRACE_HOURS * 3600_000), rotated_at: now,
        }).where('id', '=', k.id).returningAll().executeTakeFirstOrThrow();
        return { key: keyAnswer(await withCreator(trx, row), now), secret };
      });
    },

    async revoke(db: Kysely<DB>, caller: Caller, keyId: string) {
      await mayManage(db, caller);
      const now = clock.now();
      const k = await ownKey(db, caller, keyId);
      if (k.revoked_at) return keyAnswer(await withCreator(db, k), now);
      const row = await db.updateTable('open_key').set({ revoked_at: now, revoked_by: caller.userId, prev_secret_enc: null, prev_valid_until: null })
        .where('id', '=', k.id).returningAll().executeTakeFirstOrThrow();
      return keyAnswer(await withCreator(db, row), now);
    },

    async callLog(db: Kysely<DB>, caller: Caller, p: PayloadOut<'openCallLog'>) {
      await mayManage(db, caller);
      const { rows, total } = await repo.calls(db, { companyId: caller.companyId, keyId: p.key_id, status: p.status, dateFrom: p.date_from, dateTo: p.date_to }, p.page_number, p.page_size);
      return { data: rows.map(callAnswer), total };
    },

    /** the partner call company:read (docs/open-platform.md, "Keys and signing") */
    async company(db: Kysely<DB>, companyId: number) {
      const c = await companyCard(db, companyId);
      if (!c) throw new AppError(ResultCode.notFound, 404, '公司不存在');
      return { id: c.id, name: c.name, level: c.level_name, is_seller: c.is_seller };
    },

    // ---- operators (interface/list, group, permission, secretKey/log) ----

    async opKeys(db: Kysely<DB>, p: PayloadOut<'opOpenKeyList'>) {
      const now = clock.now();
      const { rows, total } = await repo.opKeys(db, { company: p.company, state: p.state, now }, p.page_number, p.page_size);
      return { data: rows.map((r): OpOpenKey => ({ ...keyAnswer(r, now), company_id: r.company_id, company_name: r.company_name })), total };
    },

    async opRevoke(db: Kysely<DB>, caller: Caller, keyId: string) {
      const now = clock.now();
      return inTransaction(db, async (trx) => {
        const k = await repo.keyById(trx, keyId);
        if (!k) throw new AppError(ResultCode.notFound, 404, '接口密钥不存在');
        let row = k;
        if (!k.revoked_at) {
          row = await trx.updateTable('open_key').set({ revoked_at: now, revoked_by: caller.userId, prev_secret_enc: null, prev_valid_until: null })
            .where('id', '=', k.id).returningAll().executeTakeFirstOrThrow();
          await audit.record(trx, caller, now, [{ entity: 'open_key', entity_id: k.id, action: 'revoke', old: { name: k.name, company_id: k.company_id } }]);
        }
        return { ...keyAnswer(await withCreator(trx, row), now), company_id: row.company_id, company_name: await repo.companyNameOf(trx, row.company_id) };
      });
    },

    async opCalls(db: Kysely<DB>, p: PayloadOut<'opOpenCallLog'>) {
      const { rows, total } = await repo.calls(db, { keyId: p.key_id, company: p.company, status: p.status, dateFrom: p.date_from, dateTo: p.date_to }, p.page_number, p.page_size);
      return { data: rows.map((r): OpOpenCall => ({ ...callAnswer(r), company_id: r.company_id, company_name: r.company_name })), total };
    },

    async bundles(db: Kysely<DB>) {
      const rows = await repo.bundles(db);
      return { data: rows.map((b): OpenBundle => ({ id: b.id, name: b.name, scopes: asScopes(b.scopes), levels: b.levels })), total: rows.length };
    },

    async saveBundle(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opOpenBundleSave'>) {
      const now = clock.now();
      return inTransaction(db, async (trx) => {
        const same = await trx.selectFrom('open_scope_bundle').select('id').where('name', '=', p.name).where('id', '!=', p.id).executeTakeFirst();
        if (same) throw invalid('name', openText.bundleNameTaken);
        let id = p.id;
        if (id === 0) {
          id = (await trx.insertInto('open_scope_bundle').values({ name: p.name, scopes: p.scopes, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
          await audit.record(trx, caller, now, [{ entity: 'open_scope_bundle', entity_id: id, action: 'create', new: p }]);
        } else {
          const old = await trx.selectFrom('open_scope_bundle').selectAll().where('id', '=', id).executeTakeFirst();
          if (!old) throw new AppError(ResultCode.notFound, 404, openText.bundleNotFound);
          await trx.updateTable('open_scope_bundle').set({ name: p.name, scopes: p.scopes, updated_at: now }).where('id', '=', id).execute();
          await audit.record(trx, caller, now, [{ entity: 'open_scope_bundle', entity_id: id, action: 'set', old: { name: old.name, scopes: old.scopes }, new: p }]);
        }
        const b = (await repo.bundles(trx)).find((x) => x.id === id)!;
        return { id: b.id, name: b.name, scopes: asScopes(b.scopes), levels: b.levels };
      });
    },

    async removeBundle(db: Kysely<DB>, caller: Caller, id: number) {
      const now = clock.now();
      return inTransaction(db, async (trx) => {
        const b = await trx.selectFrom('open_scope_bundle').selectAll().where('id', '=', id).executeTakeFirst();
        if (!b) throw new AppError(ResultCode.notFound, 404, openText.bundleNotFound);
        if (await trx.selectFrom('open_level_bundle').select('level_id').where('bundle_id', '=', id).executeTakeFirst()) throw conflict(openText.bundleInUse);
        await trx.deleteFrom('open_scope_bundle').where('id', '=', id).execute();
        await audit.record(trx, caller, now, [{ entity: 'open_scope_bundle', entity_id: id, action: 'delete', old: { name: b.name, scopes: b.scopes } }]);
        return { removed: true };
      });
    },

    async levels(db: Kysely<DB>) {
      const rows = await repo.levelBundles(db);
      return { data: rows.map((r): OpenLevelBundle => ({ level_id: r.level_id, level_name: r.level_name, level_type: r.level_type, bundle_id: r.bundle_id ?? 0, bundle_name: r.bundle_name ?? '', scopes: asScopes(r.scopes ?? []) })), total: rows.length };
    },

    async saveLevel(db: Kysely<DB>, caller: Caller, p: PayloadOut<'opOpenLevelSave'>) {
      const now = clock.now();
      return inTransaction(db, async (trx) => {
        const level = await trx.selectFrom('company_level').select('id').where('id', '=', p.level_id).executeTakeFirst();
        if (!level) throw new AppError(ResultCode.notFound, 404, openText.levelNotFound);
        if (p.bundle_id === 0) await trx.deleteFrom('open_level_bundle').where('level_id', '=', p.level_id).execute();
        else {
          const b = await trx.selectFrom('open_scope_bundle').select('id').where('id', '=', p.bundle_id).executeTakeFirst();
          if (!b) throw invalid('bundle_id', openText.bundleNotFound);
          await trx.insertInto('open_level_bundle').values({ level_id: p.level_id, bundle_id: p.bundle_id, updated_at: now })
            .onConflict((oc) => oc.column('level_id').doUpdateSet({ bundle_id: p.bundle_id, updated_at: now })).execute();
        }
        await audit.record(trx, caller, now, [{ entity: 'open_level_bundle', entity_id: p.level_id, action: 'set', new: { bundle_id: p.bundle_id } }]);
        return (await this.levels(trx)).data.find((r) => r.level_id === p.level_id)!;
      });
    },
  };
};

export type OpenService = ReturnType<typeof createOpenService>;

/** the operator's company/yigou and company/erp read the call log through this (docs/open-platform.md, "ERP and the operator's pages") */
export { openCompanyStats, type OpenCompanyStat } from './open.stats';
