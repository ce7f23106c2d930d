/**
 * Companies for operators, fourth part: 首页推荐 (company_recommend), 总分公司
 * (company_relation) and 企业资料变更审核 (company_change, written by company-change.service).
 * Every write locks what it changes and appends its operator_audit row in the same transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, invalid } from '../../http/errors';
import { inTransaction, likeEscape, unix } from '../../db/helpers';
import { ResultCode, type CompanyChange } from '../../../shared/contracts';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { opCompanyText, opText } from '../../../shared/domain/operation';
import { reviewOn } from '../company-change/company-change.service';
import * as audit from './audit.repo';

const companyMissing = (field: string, id: number) => invalid(field, `${opText.companyNotFound}（ID ${id}）`);
const ref = (r: { id: number; name: string; short_name: string }) => ({ id: r.id, name: r.name, short_name: r.short_name });

type ChangeRow = {
  id: number; company_id: number; name: string; short_name: string; old_value: Record<string, string>; new_value: Record<string, string>;
  state: CompanyChange['state']; reason: string; submitted_by: string; submitted_at: Date; decided_by: string | null; decided_at: Date | null;
};
const changeShape = (r: ChangeRow): CompanyChange => ({
  id: r.id, company: { id: r.company_id, name: r.name, short_name: r.short_name }, old_value: r.old_value, new_value: r.new_value,
  state: r.state, reason: r.reason, submitted_by: r.submitted_by, submitted_at: unix(r.submitted_at), decided_by: r.decided_by ?? '', decided_at: unix(r.decided_at),
});

const changes = (db: Kysely<DB>) => db.selectFrom('company_change as cc')
  .innerJoin('company as c', 'c.id', 'cc.company_id')
  .innerJoin('app_user as s', 's.id', 'cc.submitted_by')
  .leftJoin('app_user as d', 'd.id', 'cc.decided_by')
  .select(['cc.id', 'cc.company_id', 'c.name', 'c.short_name', 'cc.old_value', 'cc.new_value', 'cc.state', 'cc.reason',
    's.username as submitted_by', 'cc.submitted_at', 'd.username as decided_by', 'cc.decided_at']);

/** Head and branches of a company; `visibleOnly` leaves suspended companies out (the storefront). */
export const relationOf = async (db: Kysely<DB>, companyId: number, visibleOnly: boolean) => {
  let headQ = db.selectFrom('company_relation as r').innerJoin('company as c', 'c.id', 'r.head_id').select(['c.id', 'c.name', 'c.short_name']).where('r.branch_id', '=', companyId);
  let branchQ = db.selectFrom('company_relation as r').innerJoin('company as c', 'c.id', 'r.branch_id').select(['c.id', 'c.name', 'c.short_name']).where('r.head_id', '=', companyId);
  if (visibleOnly) {
    headQ = headQ.where('c.suspended_at', 'is', null);
    branchQ = branchQ.where('c.suspended_at', 'is', null);
  }
  const [head, branches] = await Promise.all([headQ.executeTakeFirst(), branchQ.orderBy('c.id').execute()]);
  return { head: head ? ref(head) : null, branches: branches.map(ref) };
};

export const createMerchantsService = (deps: { clock: Clock }) => {
  const recommended = (db: Kysely<DB>) => db.selectFrom('company_recommend as r').innerJoin('company as c', 'c.id', 'r.company_id')
    .orderBy('r.sort').orderBy('r.company_id');

  const decide = (db: Kysely<DB>, caller: Caller, id: number, approve: boolean, reason: string) =>
    inTransaction(db, async (trx) => {
      const row = await trx.selectFrom('company_change').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw new AppError(ResultCode.notFound, 404, opCompanyText.changeNotFound);
      if (row.state !== 'pending') throw conflict(opCompanyText.changeNotPending);
      const now = deps.clock.now();
      if (approve) await trx.updateTable('company').set(row.new_value).where('id', '=', row.company_id).execute();
      await trx.updateTable('company_change').set({ state: approve ? 'approved' : 'rejected', reason, decided_by: caller.userId, decided_at: now })
        .where('id', '=', id).execute();
      await audit.record(trx, caller, now, [{
        entity: 'company_change', entity_id: id, action: approve ? 'approve' : 'reject',
        old: row.old_value, new: row.new_value, note: approve ? `企业ID ${row.company_id}` : `企业ID ${row.company_id}；驳回原因：${reason}`,
      }]);
      return changeShape((await changes(trx).where('cc.id', '=', id).executeTakeFirstOrThrow()) as ChangeRow);
    });

  return {
    /** The storefront home's companies, in the operators' order; suspended ones are left out. */
    async publicList(db: Kysely<DB>) {
      const rows = await recommended(db).where('c.suspended_at', 'is', null)
        .select(['c.id', 'c.name', 'c.short_name', 'c.province', 'c.city', 'c.logo', 'c.is_seller',
          sql<string[]>`coalesce((select array_agg(b.name order by array_position(c.main_brand_ids, b.id)) from part_brand b where b.id = any(c.main_brand_ids)), '{}')`.as('main_brands')])
        .execute();
      return rows.map((r) => ({ ...r, main_brands: r.main_brands.slice(0, 5) }));
    },

    async recommendList(db: Kysely<DB>) {
      const rows = await recommended(db)
        .select(['c.id', 'c.name', 'c.short_name', 'c.city', 'c.is_seller', 'c.suspended_at',
          sql<number>`(select count(*)::int from stock s where s.company_id = c.id and s.state = 'on')`.as('stock')])
        .execute();
      return rows.map(({ suspended_at, ...r }) => ({ ...r, suspended: suspended_at !== null }));
    },

    recommendSave: (db: Kysely<DB>, caller: Caller, ids: number[]) =>
      inTransaction(db, async (trx) => {
        if (new Set(ids).size !== ids.length) throw invalid('ids', opCompanyText.recommendDuplicate);
        if (ids.includes(HEAD_COMPANY_ID)) throw invalid('ids', opCompanyText.recommendHead);
        // one writer at a time: the list is replaced as a whole
        await sql`select pg_advisory_xact_lock(hashtext('company_recommend'))`.execute(trx);
        const found = ids.length === 0 ? [] : await trx.selectFrom('company').select(['id', 'suspended_at']).where('id', 'in', ids).execute();
        const missing = ids.findIndex((id) => !found.some((f) => f.id === id));
        if (missing >= 0) throw companyMissing(`ids.${missing}`, ids[missing]);
        const before = (await trx.selectFrom('company_recommend').select('company_id').orderBy('sort').orderBy('company_id').execute()).map((r) => r.company_id);
        const suspended = ids.findIndex((id) => found.find((f) => f.id === id)?.suspended_at && !before.includes(id));
        if (suspended >= 0) throw invalid(`ids.${suspended}`, opCompanyText.recommendSuspended(ids[suspended]));
        if (before.length === ids.length && before.every((id, i) => id === ids[i])) return { ids };
        await trx.deleteFrom('company_recommend').execute();
        if (ids.length > 0) await trx.insertInto('company_recommend').values(ids.map((company_id, i) => ({ company_id, sort: i + 1 }))).execute();
        await audit.record(trx, caller, deps.clock.now(), [{ entity: 'home_recommend', entity_id: 'home', action: 'set', old: before, new: ids }]);
        return { ids };
      }),

    async relationList(db: Kysely<DB>, p: { k: string; page_number: number; page_size: number }) {
      let q = db.selectFrom('company_relation as r').innerJoin('company as h', 'h.id', 'r.head_id').innerJoin('company as b', 'b.id', 'r.branch_id');
      const k = p.k.trim();
      if (k) {
        const like = `%${likeEscape(k)}%`;
        q = q.where((e) => e.or([
          e('h.name', 'ilike', like), e('h.short_name', 'ilike', like), e('b.name', 'ilike', like), e('b.short_name', 'ilike', like),
          ...(/^\d{1,9}$/.test(k) ? [e('h.id', '=', Number(k)), e('b.id', '=', Number(k))] : []),
        ]));
      }
      const [rows, total] = await Promise.all([
        q.select(['h.id as hid', 'h.name as hname', 'h.short_name as hshort', 'b.id as bid', 'b.name as bname', 'b.short_name as bshort', 'r.created_at'])
          .orderBy('h.id').orderBy('b.id').offset((p.page_number - 1) * p.page_size).limit(p.page_size).execute(),
        q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        data: rows.map((r) => ({ head: { id: r.hid, name: r.hname, short_name: r.hshort }, branch: { id: r.bid, name: r.bname, short_name: r.bshort }, created: unix(r.created_at) })),
        total: total.n,
      };
    },

    relationOf,

    relationLink: (db: Kysely<DB>, caller: Caller, p: { head_id: number; branch_id: number }) =>
      inTransaction(db, async (trx) => {
        if (p.head_id === p.branch_id) throw invalid('branch_id', opCompanyText.relationSelf);
        if (p.head_id === HEAD_COMPANY_ID) throw invalid('head_id', opCompanyText.relationPlatform);
        if (p.branch_id === HEAD_COMPANY_ID) throw invalid('branch_id', opCompanyText.relationPlatform);
        // relation writes take one lock (the companies' own 分公司 links too, customer/branch.repo lockRelations),
        // so two links cannot build a chain or a cycle between them
        await sql`select pg_advisory_xact_lock(hashtext('company_relation'))`.execute(trx);
        const both = await trx.selectFrom('company').select(['id', 'name']).where('id', 'in', [p.head_id, p.branch_id]).execute();
        if (!both.some((c) => c.id === p.head_id)) throw companyMissing('head_id', p.head_id);
        if (!both.some((c) => c.id === p.branch_id)) throw companyMissing('branch_id', p.branch_id);
        const nameOf = async (id: number) => (await trx.selectFrom('company').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
        const branchHead = await trx.selectFrom('company_relation').select('head_id').where('branch_id', '=', p.branch_id).executeTakeFirst();
        if (branchHead?.head_id === p.head_id) return null;
        if (branchHead) throw invalid('branch_id', opCompanyText.relationHasHead(await nameOf(branchHead.head_id)));
        if (await trx.selectFrom('company_relation').select('branch_id').where('head_id', '=', p.branch_id).executeTakeFirst()) throw invalid('branch_id', opCompanyText.relationBranchIsHead);
        const headHead = await trx.selectFrom('company_relation').select('head_id').where('branch_id', '=', p.head_id).executeTakeFirst();
        if (headHead) throw invalid('head_id', opCompanyText.relationHeadIsBranch(await nameOf(headHead.head_id)));
        await trx.insertInto('company_relation').values({ head_id: p.head_id, branch_id: p.branch_id, created_at: deps.clock.now() }).execute();
        await audit.record(trx, caller, deps.clock.now(), [{ entity: 'company', entity_id: p.branch_id, action: 'relate', old: { head_id: null }, new: { head_id: p.head_id } }]);
        return null;
      }),

    relationUnlink: (db: Kysely<DB>, caller: Caller, branchId: number) =>
      inTransaction(db, async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('company_relation'))`.execute(trx);
        const row = await trx.deleteFrom('company_relation').where('branch_id', '=', branchId).returning('head_id').executeTakeFirst();
        if (!row) throw new AppError(ResultCode.notFound, 404, opCompanyText.relationNotFound);
        await audit.record(trx, caller, deps.clock.now(), [{ entity: 'company', entity_id: branchId, action: 'unrelate', old: { head_id: row.head_id }, new: { head_id: null } }]);
        return null;
      }),

    async reviewList(db: Kysely<DB>, p: { state: '' | CompanyChange['state']; k: string; page_number: number; page_size: number }) {
      let q = changes(db);
      if (p.state) q = q.where('cc.state', '=', p.state);
      const k = p.k.trim();
      if (k) {
        const like = `%${likeEscape(k)}%`;
        q = q.where((e) => e.or([e('c.name', 'ilike', like), e('c.short_name', 'ilike', like), ...(/^\d{1,9}$/.test(k) ? [e('c.id', '=', Number(k))] : [])]));
      }
      // waiting changes first, oldest first (first come, first served); decided ones after, newest first
      const [rows, total, on] = await Promise.all([
        q.orderBy(sql`case when cc.state = 'pending' then 0 else 1 end`).orderBy(sql`case when cc.state = 'pending' then cc.submitted_at end`)
          .orderBy('cc.submitted_at', 'desc').orderBy('cc.id', 'desc').offset((p.page_number - 1) * p.page_size).limit(p.page_size).execute(),
        q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
        reviewOn(db),
      ]);
      return { data: (rows as ChangeRow[]).map(changeShape), total: total.n, review_on: on };
    },

    reviewApprove: (db: Kysely<DB>, caller: Caller, id: number) => decide(db, caller, id, true, ''),
    reviewReject: (db: Kysely<DB>, caller: Caller, id: number, reason: string) => decide(db, caller, id, false, reason),
  };
};

export type MerchantsService = ReturnType<typeof createMerchantsService>;
