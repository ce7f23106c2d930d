/**
 * 商圈管理 (operation → company → trade, trade/edit): the operators' oversight of the
 * trade circles companies run (modules/circle). Operators see every circle, internal ones too, with
 * its members and waiting requests; they rename or re-describe one, remove a member, or dissolve
 * a circle. Each change is one transaction with its audit row, and the message assistant tells the
 * owner company (and a removed company) what was done and why, in the same transaction, so a
 * change and its notice are stored together.
 *
 * Dissolving deletes the circle and its memberships: 圈内搜索 and the circle pages read only
 * existing circles, so it leaves them at once; the audit row keeps what it was (name, owner, members).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, conflict, invalid } from '../../http/errors';
import { inTransaction, likeEscape } from '../../db/helpers';
import { ResultCode, type OpCircleRow, type PayloadOut } from '../../../shared/contracts';
import { opCompanyText as t } from '../../../shared/domain/operation';
import type { ImService } from '../im/im.service';
import * as imRead from '../im/im.read';
import { circleNotice } from '../im/notices';
import * as tradeCircle from '../circle/trade-circle.service';
import * as audit from './audit.repo';

interface RowDb {
  id: number; name: string; description: string; area: string; is_internal: boolean; owner_id: number; owner_name: string; owner_short: string;
  member_count: number; pending_count: number; created_at: number;
}
const shape = (r: RowDb): OpCircleRow => ({
  id: r.id, name: r.name, description: r.description, area: r.area, is_internal: r.is_internal,
  owner: { id: r.owner_id, name: r.owner_name, short_name: r.owner_short }, member_count: r.member_count, pending_count: r.pending_count, created_at: r.created_at,
});

const COUNTED = sql`
  (select count(*)::int from trade_circle_member m where m.circle_id = t.id and m.member_state = 'approved') as member_count,
  (select count(*)::int from trade_circle_member m where m.circle_id = t.id and m.member_state = 'pending') as pending_count`;

const rows = (db: Kysely<DB>, where: RawBuilder<unknown>, offset: number, limit: number) => sql<RowDb>`
  select * from (
    select t.id, t.name, t.description, t.area, t.is_internal, c.id as owner_id, c.name as owner_name, c.short_name as owner_short, ${COUNTED},
      extract(epoch from t.created_at)::bigint::int as created_at
    from trade_circle t join company c on c.id = t.owner_company) t
  where ${where} order by t.created_at desc, t.id desc offset ${offset} limit ${limit}`.execute(db);

export const createOpCirclesService = (deps: { clock: Clock; notices?: Pick<ImService, 'postNotice'> }) => {
  const byId = async (db: Kysely<DB>, id: number) => {
    const [r] = (await rows(db, sql`t.id = ${id}`, 0, 1)).rows;
    if (!r) throw new AppError(ResultCode.notFound, 404, t.circleNotFound);
    return shape(r);
  };
  const lock = async (trx: Kysely<DB>, id: number) => {
    const c = await trx.selectFrom('trade_circle').select(['id', 'name', 'description', 'owner_company']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!c) throw new AppError(ResultCode.notFound, 404, t.circleNotFound);
    return c;
  };
  const tell = async (trx: Kysely<DB>, companies: number[], n: ReturnType<typeof circleNotice>, ctx: Pick<RequestContext, 'afterCommit'>) => {
    if (!deps.notices) return;
    const to = (await Promise.all(companies.map((id) => imRead.ownersOf(trx, id)))).flat();
    await deps.notices.postNotice(trx, { to, ...n }, ctx);
  };

  return {
    async list(db: Kysely<DB>, p: PayloadOut<'opCircleList'>) {
      const conds: RawBuilder<unknown>[] = [sql`true`];
      if (p.k) conds.push(sql`t.name ilike ${`%${likeEscape(p.k)}%`}`);
      if (p.owner) {
        const like = `%${likeEscape(p.owner)}%`;
        conds.push(/^\d+$/.test(p.owner) ? sql`(t.owner_id = ${Number(p.owner)} or t.owner_name ilike ${like})` : sql`(t.owner_name ilike ${like} or t.owner_short ilike ${like})`);
      }
      if (p.members_min !== '') conds.push(sql`t.member_count >= ${p.members_min}`);
      if (p.members_max !== '') conds.push(sql`t.member_count <= ${p.members_max}`);
      const where = sql.join(conds, sql` and `);
      const [data, total] = await Promise.all([
        rows(db, where, (p.page_number - 1) * p.page_size, p.page_size),
        sql<{ n: number }>`select count(*)::int as n from (
          select t.name, c.id as owner_id, c.name as owner_name, c.short_name as owner_short, ${COUNTED}
          from trade_circle t join company c on c.id = t.owner_company) t where ${where}`.execute(db),
      ]);
      return { data: data.rows.map(shape), total: total.rows[0].n };
    },

    async detail(db: Kysely<DB>, id: number) {
      const circle = await byId(db, id);
      const [members, pending] = await Promise.all([tradeCircle.members(db, id, 'approved'), tradeCircle.members(db, id, 'pending')]);
      return { circle, members, pending };
    },

    update: (db: Kysely<DB>, caller: Caller, p: { id: number; name: string; description: string }, ctx: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        const before = await lock(trx, p.id);
        if (before.name === p.name && before.description === p.description) return byId(trx, p.id);
        if (before.name !== p.name) {
          const same = await trx.selectFrom('trade_circle').select('id').where('name', '=', p.name).where('id', '<>', p.id).executeTakeFirst();
          if (same) throw invalid('name', t.circleNameTaken);
        }
        try {
          await trx.updateTable('trade_circle').set({ name: p.name, description: p.description }).where('id', '=', p.id).execute();
        } catch (e) {
          // a company took the name between the check and the update
          if ((e as { code?: string } | null)?.code === '23505') throw conflict(t.circleNameTaken);
          throw e;
        }
        const now = deps.clock.now();
        await audit.record(trx, caller, now, [{
          entity: 'trade_circle', entity_id: p.id, action: 'update',
          old: { name: before.name, description: before.description }, new: { name: p.name, description: p.description },
        }]);
        const changed = [before.name !== p.name ? `名称由“${before.name}”改为“${p.name}”` : '', before.description !== p.description ? '简介已修改' : ''].filter(Boolean).join('，');
        await tell(trx, [before.owner_company], circleNotice({ circle_id: p.id, at: now, kind: 'updated', scene: 'im_circle_updated', values: { circle: before.name, changes: changed },
          facts: { circle: before.name, name: before.name !== p.name ? p.name : '', description: before.description !== p.description ? '1' : '' } }), ctx);
        return byId(trx, p.id);
      }),

    removeMember: (db: Kysely<DB>, caller: Caller, p: { circle_id: number; company_id: number; reason: string }, ctx: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        const c = await lock(trx, p.circle_id);
        if (c.owner_company === p.company_id) throw invalid('company_id', t.circleOwnerRemove);
        const m = await tradeCircle.lockMembership(trx, p.circle_id, p.company_id);
        if (!m || m.member_state === 'rejected') throw new AppError(ResultCode.notFound, 404, t.circleNotMember);
        const company = await trx.selectFrom('company').select(['name']).where('id', '=', p.company_id).executeTakeFirstOrThrow();
        await tradeCircle.removeMembership(trx, p.circle_id, p.company_id);
        const now = deps.clock.now();
        await audit.record(trx, caller, now, [{
          entity: 'trade_circle', entity_id: p.circle_id, action: 'remove_member', note: p.reason,
          old: { circle: c.name, company_id: p.company_id, company: company.name, member_state: m.member_state }, new: null,
        }]);
        const what = m.member_state === 'pending' ? '入圈申请已被平台撤销' : '已被平台移出该商圈';
        await tell(trx, [c.owner_company], circleNotice({ circle_id: p.circle_id, at: now, kind: 'removed', company_id: p.company_id, scene: 'im_circle_member_removed', values: { circle: c.name, company: company.name, what, reason: p.reason },
          facts: { circle: c.name, company: company.name, what: m.member_state === 'pending' ? 'pending' : 'member', reason: p.reason } }), ctx);
        await tell(trx, [p.company_id], circleNotice({ circle_id: p.circle_id, at: now, kind: 'removed', company_id: p.company_id, scene: 'im_circle_removed_member', values: { circle: c.name, what: m.member_state === 'pending' ? '入圈申请已被平台撤销' : '成员资格已被平台取消', reason: p.reason },
          facts: { circle: c.name, what: m.member_state === 'pending' ? 'pending' : 'member', reason: p.reason } }), ctx);
        return null;
      }),

    dissolve: (db: Kysely<DB>, caller: Caller, p: { id: number; reason: string }, ctx: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        const c = await lock(trx, p.id);
        const circle = await byId(trx, p.id);
        const members = await trx.selectFrom('trade_circle_member').select(['company_id', 'member_state']).where('circle_id', '=', p.id).orderBy('company_id').execute();
        await trx.deleteFrom('trade_circle_member').where('circle_id', '=', p.id).execute();
        await trx.deleteFrom('trade_circle').where('id', '=', p.id).execute();
        const now = deps.clock.now();
        await audit.record(trx, caller, now, [{
          entity: 'trade_circle', entity_id: p.id, action: 'dissolve', note: p.reason,
          old: { name: c.name, description: c.description, owner_company: c.owner_company, owner: circle.owner.name, members: members.map((m) => `${m.company_id}:${m.member_state}`) },
          new: null,
        }]);
        await tell(trx, [c.owner_company], circleNotice({ circle_id: p.id, at: now, kind: 'dissolved', scene: 'im_circle_dissolved', values: { circle: c.name, reason: p.reason }, facts: { circle: c.name, reason: p.reason } }), ctx);
        return { name: c.name, members: circle.member_count };
      }),
  };
};

export type OpCirclesService = ReturnType<typeof createOpCirclesService>;
