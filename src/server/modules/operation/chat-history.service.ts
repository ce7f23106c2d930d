/**
 * 聊天记录查询 (report/chatHistory, issue 13): an operator finds the private conversation between
 * two parties of a dispute (users matched by username, name, mobile or company name) and reads its
 * messages page by page. Every page read appends an operator_audit row (entity conversation,
 * action read), so who read which conversation, and when, is itself on record.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, invalid } from '../../http/errors';
import { inTransaction, likeEscape, unix } from '../../db/helpers';
import { ResultCode, type ChatConversation } from '../../../shared/contracts';
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

export const createChatHistoryService = (deps: { clock: Clock }) => {
  const conversations = (db: Kysely<DB>) => db.selectFrom('im_conversation as v')
    .select((eb) => [
      'v.id', side('a'), side('b'), 'v.last_sent_at',
      eb.selectFrom('im_message as m').whereRef('m.conversation_id', '=', 'v.id').select(sql<number>`count(*)::int`.as('n')).as('messages'),
    ]);
  const shape = (r: { id: number; a: ChatConversation['a']; b: ChatConversation['b']; last_sent_at: Date | null; messages: number | null }): ChatConversation =>
    ({ id: r.id, a: r.a, b: r.b, messages: r.messages ?? 0, last_sent_at: unix(r.last_sent_at) });

  return {
    async search(db: Kysely<DB>, p: { a: string; b: string; page_number: number; page_size: number }) {
      const a = p.a.trim() || p.b.trim();
      const b = p.a.trim() ? p.b.trim() : '';
      if (!a) throw invalid('a', opCompanyText.chatSearchEmpty);
      let q = db.selectFrom('im_conversation as v');
      q = b
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
  };
};

export type ChatHistoryService = ReturnType<typeof createChatHistoryService>;
