/**
 * 企业分组 and 群发通知 (operation → company → group, report → groupMessage): named groups of
 * companies kept by the operations team (tables company_group, company_group_member, migration
 * 0240), and one notice of the message assistant to every company of a group
 * (company_group_message). Each write is one transaction with its audit row; a notice's messages,
 * its record and its audit row commit together, so a send is all there or not there at all.
 *
 * Who a notice reaches: the owners (负责人) of each member company by default, or every active user
 * when the operator picks 全部员工. Suspended companies are left out: their users cannot sign in, and
 * what the platform announced meanwhile may no longer hold when they are restored.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, conflict, invalid } from '../../http/errors';
import { inTransaction, likeEscape } from '../../db/helpers';
import { ResultCode, type OpGroupMember, type OpGroupMessageRow, type OpGroupRow, type PayloadOut } from '../../../shared/contracts';
import { GROUP_MEMBERS_MAX, opGroupText as t } from '../../../shared/domain/operation';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import type { ImService } from '../im/im.service';
import * as audit from './audit.repo';
import { chinaMidnight } from '../../../shared/domain/china-time';

const epoch = (col: RawBuilder<unknown>) => sql<number>`coalesce(extract(epoch from ${col})::bigint::int, 0)`;

const ROW = sql`
  g.id, g.name, g.description,
  (select count(*)::int from company_group_member m where m.group_id = g.id) as member_count,
  (select count(*)::int from company_group_message s where s.group_id = g.id) as message_count,
  ${epoch(sql`(select max(s.sent_at) from company_group_message s where s.group_id = g.id)`)} as last_message_at,
  ${epoch(sql`g.created_at`)} as created_at, ${epoch(sql`g.updated_at`)} as updated_at`;

const isUnique = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

export const createOpGroupsService = (deps: { clock: Clock; notices?: Pick<ImService, 'postNotice'> }) => {
  const byId = async (db: Kysely<DB>, id: number): Promise<OpGroupRow> => {
    const r = (await sql<OpGroupRow>`select ${ROW} from company_group g where g.id = ${id}`.execute(db)).rows[0];
    if (!r) throw new AppError(ResultCode.notFound, 404, t.notFound);
    return r;
  };
  const lock = async (trx: Kysely<DB>, id: number) => {
    const g = await trx.selectFrom('company_group').select(['id', 'name', 'description']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!g) throw new AppError(ResultCode.notFound, 404, t.notFound);
    return g;
  };
  const memberCount = async (trx: Kysely<DB>, id: number) =>
    (await sql<{ n: number }>`select count(*)::int as n from company_group_member where group_id = ${id}`.execute(trx)).rows[0].n;
  const nameTaken = async (trx: Kysely<DB>, name: string, id: number) =>
    !!(await trx.selectFrom('company_group').select('id').where(sql`lower(name)`, '=', name.toLowerCase()).where('id', '<>', id).executeTakeFirst());
  const touch = (trx: Kysely<DB>, id: number, now: Date) => trx.updateTable('company_group').set({ updated_at: now }).where('id', '=', id).execute();

  return {
    async list(db: Kysely<DB>, p: PayloadOut<'opGroupList'>) {
      const where = p.k ? sql`(g.name ilike ${`%${likeEscape(p.k)}%`} or g.description ilike ${`%${likeEscape(p.k)}%`})` : sql`true`;
      const [rows, total] = await Promise.all([
        sql<OpGroupRow>`select ${ROW} from company_group g where ${where} order by g.updated_at desc, g.id desc
          offset ${(p.page_number - 1) * p.page_size} limit ${p.page_size}`.execute(db),
        sql<{ n: number }>`select count(*)::int as n from company_group g where ${where}`.execute(db),
      ]);
      return { data: rows.rows, total: total.rows[0].n };
    },

    async detail(db: Kysely<DB>, id: number) {
      const group = await byId(db, id);
      const members = (await sql<OpGroupMember>`
        select c.id as company_id, c.name, c.short_name, c.province, c.city, c.is_seller, l.name as level_name, c.suspended_at is not null as suspended,
          (select count(*)::int from app_user u where u.company_id = c.id and u.active) as users,
          (select count(*)::int from app_user u where u.company_id = c.id and u.active and u.is_owner) as owners,
          ${epoch(sql`m.added_at`)} as added_at, coalesce(a.username, '') as added_by
        from company_group_member m join company c on c.id = m.company_id join company_level l on l.id = c.level_id
          left join app_user a on a.id = m.added_by
        where m.group_id = ${id} order by m.added_at desc, c.id`.execute(db)).rows;
      return { group, members };
    },

    save: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opGroupSave'>) =>
      inTransaction(db, async (trx) => {
        const now = deps.clock.now();
        const before = p.id ? await lock(trx, p.id) : null;
        if (before && before.name === p.name && before.description === p.description) return byId(trx, p.id);
        if ((!before || before.name.toLowerCase() !== p.name.toLowerCase()) && await nameTaken(trx, p.name, p.id)) throw invalid('name', t.nameTaken);
        let id = p.id;
        try {
          if (before) await trx.updateTable('company_group').set({ name: p.name, description: p.description, updated_at: now }).where('id', '=', p.id).execute();
          else id = (await trx.insertInto('company_group').values({ name: p.name, description: p.description, created_by: caller.userId, created_at: now, updated_at: now })
            .returning('id').executeTakeFirstOrThrow()).id;
        } catch (e) {
          // another operator took the name between the check and the write
          if (isUnique(e)) throw conflict(t.nameTaken);
          throw e;
        }
        await audit.record(trx, caller, now, [{
          entity: 'company_group', entity_id: id, action: before ? 'update' : 'create',
          old: before ? { name: before.name, description: before.description } : null, new: { name: p.name, description: p.description },
        }]);
        return byId(trx, id);
      }),

    remove: (db: Kysely<DB>, caller: Caller, id: number) =>
      inTransaction(db, async (trx) => {
        const g = await lock(trx, id);
        const members = (await trx.selectFrom('company_group_member').select('company_id').where('group_id', '=', id).orderBy('company_id').execute()).map((m) => m.company_id);
        await trx.deleteFrom('company_group').where('id', '=', id).execute();
        await audit.record(trx, caller, deps.clock.now(), [{
          entity: 'company_group', entity_id: id, action: 'delete', old: { name: g.name, description: g.description, companies: members }, new: null,
        }]);
        return { name: g.name, members: members.length };
      }),

    addCompanies: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opGroupAddCompanies'>) =>
      inTransaction(db, async (trx) => {
        const g = await lock(trx, p.id);
        const ids = [...new Set(p.company_ids)].sort((a, b) => a - b);
        const head = ids.indexOf(HEAD_COMPANY_ID);
        if (head >= 0) throw invalid(`company_ids.${p.company_ids.indexOf(HEAD_COMPANY_ID)}`, t.headCompany);
        const found = new Set((await trx.selectFrom('company').select('id').where('id', 'in', ids).execute()).map((c) => c.id));
        const missing = ids.find((id) => !found.has(id));
        if (missing !== undefined) throw invalid(`company_ids.${p.company_ids.indexOf(missing)}`, t.companyMissing(missing));
        const already = new Set((await trx.selectFrom('company_group_member').select('company_id').where('group_id', '=', p.id).where('company_id', 'in', ids).execute()).map((m) => m.company_id));
        const added = ids.filter((id) => !already.has(id));
        const count = await memberCount(trx, p.id);
        if (count + added.length > GROUP_MEMBERS_MAX) throw invalid('company_ids', t.tooMany(count));
        const now = deps.clock.now();
        if (added.length > 0) {
          await trx.insertInto('company_group_member').values(added.map((company_id) => ({ group_id: p.id, company_id, added_by: caller.userId, added_at: now }))).execute();
          await touch(trx, p.id, now);
          await audit.record(trx, caller, now, [{ entity: 'company_group', entity_id: p.id, action: 'add_members', old: null, new: { group: g.name, companies: added } }]);
        }
        return { added: added.length, already: already.size, member_count: count + added.length };
      }),

    removeCompanies: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opGroupRemoveCompanies'>) =>
      inTransaction(db, async (trx) => {
        const g = await lock(trx, p.id);
        const gone = (await trx.deleteFrom('company_group_member').where('group_id', '=', p.id).where('company_id', 'in', [...new Set(p.company_ids)])
          .returning('company_id').execute()).map((m) => m.company_id).sort((a, b) => a - b);
        const now = deps.clock.now();
        if (gone.length > 0) {
          await touch(trx, p.id, now);
          await audit.record(trx, caller, now, [{ entity: 'company_group', entity_id: p.id, action: 'remove_members', old: { group: g.name, companies: gone }, new: null }]);
        }
        return { removed: gone.length, member_count: await memberCount(trx, p.id) };
      }),

    send: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opGroupMessageSend'>, ctx: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        const g = await lock(trx, p.group_id);
        // the same send again (a replay after the key's record expired, a second tab): nothing new
        const prior = await trx.selectFrom('company_group_message').select(['id', 'companies', 'users', 'group_id', 'audience', 'body'])
          .where('sent_by', '=', caller.userId).where('idem_key', '=', p.client_id).executeTakeFirst();
        if (prior) {
          // the same send id with another group, audience or text is not a replay: refused, nothing sent
          if (prior.group_id !== p.group_id || prior.audience !== p.audience || prior.body !== p.text) throw conflict(t.clientIdReused);
          return { id: prior.id, companies: prior.companies, users: prior.users, replayed: true };
        }
        if (await memberCount(trx, p.group_id) === 0) throw invalid('group_id', t.emptyGroup);
        const to = await sql<{ id: number; company_id: number }>`
          select u.id, u.company_id from company_group_member m join company c on c.id = m.company_id join app_user u on u.company_id = c.id
          where m.group_id = ${p.group_id} and c.suspended_at is null and u.active ${p.audience === 'owners' ? sql`and u.is_owner` : sql``}
          order by u.id`.execute(trx);
        if (to.rows.length === 0) throw invalid('group_id', t.noRecipients);
        const companies = new Set(to.rows.map((r) => r.company_id)).size;
        const now = deps.clock.now();
        const { id } = await trx.insertInto('company_group_message').values({
          group_id: g.id, group_name: g.name, audience: p.audience, body: p.text, companies, users: to.rows.length,
          sent_by: caller.userId, sent_by_name: caller.username, sent_at: now, idem_key: p.client_id,
        }).returning('id').executeTakeFirstOrThrow();
        await audit.record(trx, caller, now, [{
          entity: 'company_group', entity_id: g.id, action: 'send_notice', note: p.text,
          old: null, new: { group: g.name, message_id: id, audience: p.audience, companies, users: to.rows.length },
        }]);
        await deps.notices?.postNotice(trx, {
          to: to.rows.map((r) => r.id), event: `grpmsg-${id}`,
          notice: { title: '平台通知', no: '', link: '', scene: 'im_operator_group', values: { text: p.text }, facts: { text: p.text } },
        }, ctx);
        return { id, companies, users: to.rows.length, replayed: false };
      }),

    async messages(db: Kysely<DB>, p: PayloadOut<'opGroupMessageList'>) {
      const conds: RawBuilder<unknown>[] = [sql`true`];
      if (p.k) conds.push(sql`(s.group_name ilike ${`%${likeEscape(p.k)}%`} or s.body ilike ${`%${likeEscape(p.k)}%`})`);
      if (p.sender) conds.push(sql`s.sent_by_name ilike ${`%${likeEscape(p.sender)}%`}`);
      if (p.date_from) conds.push(sql`s.sent_at >= ${chinaMidnight(p.date_from)}`);
      if (p.date_to) conds.push(sql`s.sent_at < ${chinaMidnight(p.date_to, 1)}`);
      const where = sql.join(conds, sql` and `);
      const [rows, total] = await Promise.all([
        sql<OpGroupMessageRow>`select s.id, s.group_id, s.group_name, s.audience, s.body as text, s.companies, s.users,
            ${epoch(sql`s.sent_at`)} as sent_at, s.sent_by_name as sent_by
          from company_group_message s where ${where} order by s.sent_at desc, s.id desc
          offset ${(p.page_number - 1) * p.page_size} limit ${p.page_size}`.execute(db),
        sql<{ n: number; users: number }>`select count(*)::int as n, coalesce(sum(s.users), 0)::int as users from company_group_message s where ${where}`.execute(db),
      ]);
      return { data: rows.rows, total: total.rows[0].n, users: total.rows[0].users };
    },
  };
};

export type OpGroupsService = ReturnType<typeof createOpGroupsService>;
