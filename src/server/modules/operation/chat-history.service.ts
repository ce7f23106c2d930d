/**
 * 聊天记录查询 (report/chatHistory): an operator finds the private conversation between
 * two parties of a dispute (users matched by username, name, mobile or company name), or a group
 * chat (conversationType 3) by its name or by one or two of its members, and reads its messages
 * page by page. Every page read appends an operator_audit row (entity conversation or chat_group,
 * action read), so who read which conversation, and when, is itself on record.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, invalid } from '../../http/errors';
import { inTransaction, likeEscape, unix } from '../../db/helpers';
import { ResultCode, type ChatConversation, type ChatGroup, type ChatUser } from '../../../shared/contracts';
import { opCompanyText } from '../../../shared/domain/operation';
import * as audit from './audit.repo';

/** Users whose username, name, mobile, company name or short name contains the text. */
const matching = (db: Kysely<DB>, text: string) => {
  const like = `%${likeEscape(text)}%`;
  return db.selectFrom('app_user as u').innerJoin('company as c', 'c.id', 'u.company_id').select('u.id')
    .where((e) => e.or([e('u.username', 'ilike', like), e('u.display_name', 'ilike', like), e('u.mobile', 'like', like), e('c.name', 'ilike', like), e('c.short_name', 'ilike', like)]));
};

const side = (alias: 'a' | 'b') =>
  sql<ChatConversation['a']>`(select json_build_object('id', u.id, 'username', u.username, 'display_name', u.display_name, 'mobile', coalesce(u.mobile, ''),
    'company', json_build_object('id', c.id, 'name', c.name, 'short_name', c.short_name))
    from app_user u join company c on c.id = u.company_id where u.id = ${sql.ref(alias === 'a' ? 'v.user_low' : 'v.user_high')})`.as(alias);

/** A user as the chat pages show one: name, login, mobile and company. */
const userJson = (id: RawBuilder<unknown>) => sql<ChatUser>`(select json_build_object('id', u.id, 'username', u.username, 'display_name', u.display_name, 'mobile', coalesce(u.mobile, ''),
    'company', json_build_object('id', c.id, 'name', c.name, 'short_name', c.short_name))
    from app_user u join company c on c.id = u.company_id where u.id = ${id})`;

/** Users of companies registered in the country. */
const ofCountry = (db: Kysely<DB>, country: 'VN') =>
  db.selectFrom('app_user as u').innerJoin('company as c', 'c.id', 'u.company_id').select('u.id').where('c.country', '=', country);

/** Members shown with a group in the search list (all of them are counted). */
const MEMBERS_SHOWN = 6;

interface GroupRow { id: number; name: string; owner: ChatUser; is_service: boolean; member_count: number; members: ChatUser[] | null; messages: number; last_sent_at: Date | null; created_at: Date }
const groupShape = (r: GroupRow): ChatGroup => ({
  ...r, members: r.members ?? [], last_sent_at: unix(r.last_sent_at), created_at: unix(r.created_at),
});

const groupRows = (db: Kysely<DB>, where: RawBuilder<unknown>, offset: number, limit: number) => sql<GroupRow>`
  select g.id, g.name, ${userJson(sql`g.owner_id`)} as owner, g.is_service,
    (select count(*)::int from im_group_member gm where gm.group_id = g.id) as member_count,
    (select json_agg(${userJson(sql`x.user_id`)} order by x.joined_at, x.user_id) from (
      select user_id, joined_at from im_group_member gm where gm.group_id = g.id order by joined_at, user_id limit ${MEMBERS_SHOWN}) x) as members,
    (select count(*)::int from im_message m where m.group_id = g.id) as messages,
    g.last_sent_at, g.created_at
  from im_group g where ${where}
  order by g.last_sent_at desc nulls last, g.id desc offset ${offset} limit ${limit}`.execute(db);

export const createChatHistoryService = (deps: { clock: Clock }) => {
  const conversations = (db: Kysely<DB>) => db.selectFrom('im_conversation as v')
    .select((eb) => [
      'v.id', side('a'), side('b'), 'v.last_sent_at',
      eb.selectFrom('im_message as m').whereRef('m.conversation_id', '=', 'v.id').select(sql<number>`count(*)::int`.as('n')).as('messages'),
    ]);
  const shape = (r: { id: number; a: ChatConversation['a']; b: ChatConversation['b']; last_sent_at: Date | null; messages: number | null }): ChatConversation =>
    ({ id: r.id, a: r.a, b: r.b, messages: r.messages ?? 0, last_sent_at: unix(r.last_sent_at) });

  return {
    /** Whether a user of that country's companies is on one side of the conversation (docs/overseas.md). */
    async involvesCountry(db: Kysely<DB>, conversationId: number, country: 'VN') {
      return (await db.selectFrom('im_conversation as v').select('v.id').where('v.id', '=', conversationId)
        .where((e) => e.or([e('v.user_low', 'in', ofCountry(db, country)), e('v.user_high', 'in', ofCountry(db, country))])).executeTakeFirst()) !== undefined;
    },

    /** `country`: only conversations with a user of that country's companies on one side; then both sides may be empty. */
    async search(db: Kysely<DB>, p: { a: string; b: string; page_number: number; page_size: number; country?: 'VN' }) {
      const a = p.a.trim() || p.b.trim();
      const b = p.a.trim() ? p.b.trim() : '';
      if (!a && !p.country) throw invalid('a', opCompanyText.chatSearchEmpty);
      let q = db.selectFrom('im_conversation as v');
      if (p.country) q = q.where((e) => e.or([e('v.user_low', 'in', ofCountry(db, p.country!)), e('v.user_high', 'in', ofCountry(db, p.country!))]));
      if (a) q = b
        ? q.where((e) => e.or([
          e.and([e('v.user_low', 'in', matching(db, a)), e('v.user_high', 'in', matching(db, b))]),
          e.and([e('v.user_high', 'in', matching(db, a)), e('v.user_low', 'in', matching(db, b))]),
        ]))
        : q.where((e) => e.or([e('v.user_low', 'in', matching(db, a)), e('v.user_high', 'in', matching(db, a))]));
      const ids = q.select('v.id');
      const [rows, total] = await Promise.all([
        conversations(db).where('v.id', 'in', ids).orderBy(sql`v.last_sent_at desc nulls last`).orderBy('v.id', 'desc')
          .offset((p.page_number - 1) * p.page_size).limit(p.page_size).execute(),
        q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { data: rows.map(shape), total: total.n };
    },

    /** One page of a conversation, oldest first, and its audit row in the same transaction. */
    messages: (db: Kysely<DB>, caller: Caller, p: { conversation_id: number; page_number: number; page_size: number }) =>
      inTransaction(db, async (trx) => {
        const conv = await conversations(trx).where('v.id', '=', p.conversation_id).executeTakeFirst();
        if (!conv) throw new AppError(ResultCode.notFound, 404, opCompanyText.conversationNotFound);
        const base = trx.selectFrom('im_message').where('conversation_id', '=', p.conversation_id);
        const rows = await base.select(['id', 'sender_id', 'message_type', 'text', 'image_uri', 'sent_at'])
          .orderBy('sent_at').orderBy('id').offset((p.page_number - 1) * p.page_size).limit(p.page_size).execute();
        const c = shape(conv);
        await audit.record(trx, caller, deps.clock.now(), [{
          entity: 'conversation', entity_id: p.conversation_id, action: 'read',
          new: { page_number: p.page_number, page_size: p.page_size, messages: rows.length },
          note: `${c.a.company.name} ${c.a.display_name || c.a.username} ↔ ${c.b.company.name} ${c.b.display_name || c.b.username}`,
        }]);
        return { conversation: c, data: rows.map((r) => ({ ...r, id: Number(r.id), sent_at: unix(r.sent_at) })), total: c.messages };
      }),

    /** Group chats by name and by one or two members (each matched like a side of a private chat). */
    async groupSearch(db: Kysely<DB>, p: { name: string; a: string; b: string; page_number: number; page_size: number }) {
      const [name, a, b] = [p.name.trim(), p.a.trim(), p.b.trim()];
      if (!name && !a && !b) throw invalid('name', opCompanyText.groupSearchEmpty);
      const conds: RawBuilder<unknown>[] = [sql`true`];
      if (name) conds.push(sql`g.name ilike ${`%${likeEscape(name)}%`}`);
      for (const who of [a, b].filter(Boolean)) {
        conds.push(sql`exists (select 1 from im_group_member gm where gm.group_id = g.id and gm.user_id in (${matching(db, who)}))`);
      }
      const where = sql.join(conds, sql` and `);
      const [rows, total] = await Promise.all([
        groupRows(db, where, (p.page_number - 1) * p.page_size, p.page_size),
        sql<{ n: number }>`select count(*)::int as n from im_group g where ${where}`.execute(db),
      ]);
      return { data: rows.rows.map(groupShape), total: total.rows[0].n };
    },

    /** One page of a group's messages, oldest first, with every sender of the page (members who left too), and its audit row. */
    groupMessages: (db: Kysely<DB>, caller: Caller, p: { group_id: number; page_number: number; page_size: number }) =>
      inTransaction(db, async (trx) => {
        const [row] = (await groupRows(trx, sql`g.id = ${p.group_id}`, 0, 1)).rows;
        if (!row) throw new AppError(ResultCode.notFound, 404, opCompanyText.groupNotFound);
        const group = groupShape(row);
        const rows = await trx.selectFrom('im_message').where('group_id', '=', p.group_id)
          .select(['id', 'sender_id', 'message_type', 'text', 'image_uri', 'sent_at'])
          .orderBy('sent_at').orderBy('id').offset((p.page_number - 1) * p.page_size).limit(p.page_size).execute();
        const senderIds = [...new Set(rows.map((r) => r.sender_id))];
        const senders = senderIds.length === 0 ? [] : (await sql<{ u: ChatUser }>`
          select ${userJson(sql`s.id`)} as u from unnest(${senderIds}::int[]) as s(id)`.execute(trx)).rows.map((r) => r.u).filter(Boolean);
        await audit.record(trx, caller, deps.clock.now(), [{
          entity: 'chat_group', entity_id: p.group_id, action: 'read',
          new: { page_number: p.page_number, page_size: p.page_size, messages: rows.length },
          note: `群 ${group.name}（群主 ${group.owner.company.name} ${group.owner.display_name || group.owner.username}，${group.member_count} 人）`,
        }]);
        return { group, senders, data: rows.map((r) => ({ ...r, id: Number(r.id), sent_at: unix(r.sent_at) })), total: group.messages };
      }),
  };
};

export type ChatHistoryService = ReturnType<typeof createChatHistoryService>;
