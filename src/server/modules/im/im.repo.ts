/** Chat tables (migration 0018): im_conversation (one per pair of users), im_member (unread per side), im_message. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';

export const userByUuid = (db: Kysely<DB>, uuid: string) =>
  db.selectFrom('app_user').select(['id', 'uuid', 'company_id', 'display_name', 'head_image', 'active', 'allow_im'])
    .where('uuid', '=', uuid).executeTakeFirst();

/** The sender (by id) and the one addressed (by uuid) in one read: a send's first statement. */
export const senderAndTarget = async (db: Kysely<DB>, senderId: number, targetUuid: string) => {
  const rows = await db.selectFrom('app_user').select(['id', 'uuid', 'company_id', 'display_name', 'head_image', 'active', 'allow_im'])
    .where((eb) => eb.or([eb('id', '=', senderId), eb('uuid', '=', targetUuid)])).execute();
  return { me: rows.find((r) => r.id === senderId), to: rows.find((r) => r.uuid === targetUuid) };
};

export const userById = (db: Kysely<DB>, id: number) =>
  db.selectFrom('app_user').select(['id', 'uuid', 'allow_im', 'active']).where('id', '=', id).executeTakeFirst();

/**
 * Who answers a company's chat: its owner (the head of the company, who registered it); a company
 * without an active owner is answered by its earliest active account. None: nobody to chat with.
 */
export const companyContact = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('app_user').innerJoin('company', 'company.id', 'app_user.company_id')
    .select(['app_user.id', 'app_user.uuid', 'app_user.display_name', 'company.short_name', 'company.name'])
    .where('app_user.company_id', '=', companyId).where('app_user.active', '=', true)
    .orderBy('app_user.is_owner', 'desc').orderBy('app_user.id').limit(1).executeTakeFirst();

/** A stored message: private (conversation and recipient set) or to a group (group set, no recipient). */
export interface MessageRow {
  id: string; conversation_id: number | null; sender_id: number; recipient_id: number | null; client_msg_id: string;
  message_type: 'RC:TxtMsg' | 'RC:ImgMsg' | 'QPH:BizMsg'; text: string; image_uri: string; sent_at: Date;
  sender_uuid: string; recipient_uuid: string | null; group_id: number | null; group_uuid: string | null;
}

const messages = (db: Kysely<DB>) =>
  db.selectFrom('im_message as m')
    .innerJoin('app_user as s', 's.id', 'm.sender_id')
    .leftJoin('app_user as r', 'r.id', 'm.recipient_id')
    .leftJoin('im_group as g', 'g.id', 'm.group_id')
    .select(['m.id', 'm.conversation_id', 'm.sender_id', 'm.recipient_id', 'm.client_msg_id', 'm.message_type', 'm.text', 'm.image_uri', 'm.sent_at',
      's.uuid as sender_uuid', 'r.uuid as recipient_uuid', 'm.group_id', 'g.uuid as group_uuid']);

export const messageByClientId = (db: Kysely<DB>, senderId: number, clientMsgId: string): Promise<MessageRow | undefined> =>
  messages(db).where('m.sender_id', '=', senderId).where('m.client_msg_id', '=', clientMsgId).executeTakeFirst();

const pairOf = (a: number, b: number) => (a < b ? { user_low: a, user_high: b } : { user_low: b, user_high: a });

export const conversationOf = (db: Kysely<DB>, a: number, b: number) => {
  const pair = pairOf(a, b);
  return db.selectFrom('im_conversation').select(['id', 'last_sent_at'])
    .where('user_low', '=', pair.user_low).where('user_high', '=', pair.user_high).executeTakeFirst();
};

/**
 * The pair's conversation (made on first use) with both member rows, locked for the send. A
 * conversation that exists (every send but the first) costs one statement: its row locked.
 */
export const conversationForSend = async (db: Kysely<DB>, a: number, b: number, now: Date) => {
  const pair = pairOf(a, b);
  const lock = () => db.selectFrom('im_conversation').select(['id', 'last_sent_at'])
    .where('user_low', '=', pair.user_low).where('user_high', '=', pair.user_high).forUpdate().executeTakeFirst();
  const existing = await lock();
  if (existing) return existing;
  await db.insertInto('im_conversation').values({ ...pair, created_at: now }).onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing()).execute();
  const conv = (await lock())!;
  await db.insertInto('im_member').values([{ conversation_id: conv.id, user_id: a, read_at: null }, { conversation_id: conv.id, user_id: b, read_at: null }])
    .onConflict((oc) => oc.columns(['user_id', 'conversation_id']).doNothing()).execute();
  return conv;
};

/**
 * Stores a private message in one statement (a send was 15 statements, and on embedded
 * PGlite each one is a turn of the only connection): the message, the conversation's last
 * message and the recipient's unread count, answering the stored row as `messages` reads it.
 */
export const insertMessage = async (db: Kysely<DB>, row: {
  conversation_id: number; sender_id: number; recipient_id: number; client_msg_id: string; message_type: 'RC:TxtMsg' | 'RC:ImgMsg' | 'QPH:BizMsg'; text: string; image_uri: string; sent_at: Date;
}): Promise<MessageRow> => {
  const { rows } = await sql<MessageRow>`
    with m as (
      insert into im_message (conversation_id, sender_id, recipient_id, client_msg_id, message_type, text, image_uri, sent_at)
      values (${row.conversation_id}, ${row.sender_id}, ${row.recipient_id}, ${row.client_msg_id}, ${row.message_type}, ${row.text}, ${row.image_uri}, ${row.sent_at})
      returning id, conversation_id, sender_id, recipient_id, client_msg_id, message_type, text, image_uri, sent_at, group_id
    ), c as (
      update im_conversation set last_message_id = (select id from m), last_sent_at = ${row.sent_at} where id = ${row.conversation_id}
    ), u as (
      update im_member set unread = unread + 1 where conversation_id = ${row.conversation_id} and user_id = ${row.recipient_id}
    )
    select m.*, (select uuid from app_user where id = m.sender_id) as sender_uuid,
      (select uuid from app_user where id = m.recipient_id) as recipient_uuid, null::text as group_uuid
    from m`.execute(db);
  return rows[0];
};

export const messageById = (db: Kysely<DB>, id: string): Promise<MessageRow> => messages(db).where('m.id', '=', id).executeTakeFirstOrThrow();

/** `count` messages of the conversation before `before` (newest first), one more to tell whether there are older ones. */
export const history = (db: Kysely<DB>, conversationId: number, before: Date | undefined, count: number): Promise<MessageRow[]> => {
  let q = messages(db).where('m.conversation_id', '=', conversationId);
  if (before) q = q.where('m.sent_at', '<', before);
  return q.orderBy('m.sent_at', 'desc').limit(count + 1).execute();
};

/** Messages to or from the user, and to the groups the user is in, sent at or after `since`, oldest first. */
export const since = (db: Kysely<DB>, userId: number, from: Date, limit: number): Promise<MessageRow[]> =>
  messages(db).where((eb) => eb.or([
    eb('m.recipient_id', '=', userId), eb('m.sender_id', '=', userId),
    eb('m.group_id', 'in', eb.selectFrom('im_group_member').select('group_id').where('user_id', '=', userId)),
  ]))
    .where('m.sent_at', '>=', from).orderBy('m.sent_at').orderBy('m.id').limit(limit + 1).execute();

export const conversationsOf = (db: Kysely<DB>, userId: number, limit: number) =>
  db.selectFrom('im_member as me')
    .innerJoin('im_conversation as c', 'c.id', 'me.conversation_id')
    .innerJoin('app_user as o', (j) => j.on((eb) => eb.and([
      eb.or([eb('o.id', '=', eb.ref('c.user_low')), eb('o.id', '=', eb.ref('c.user_high'))]),
      eb('o.id', '!=', userId),
    ])))
    .innerJoin('company as co', 'co.id', 'o.company_id')
    // the caller's remark of a friend shows instead of the name
    .leftJoin('im_friend as f', (j) => j.on('f.user_id', '=', userId).onRef('f.friend_id', '=', 'o.id'))
    .select(['c.id', 'c.last_message_id', 'c.last_sent_at', 'me.unread', 'o.uuid', 'o.display_name', 'o.head_image', 'co.short_name', 'co.name as company_name', 'f.note'])
    .where('me.user_id', '=', userId).where('c.last_message_id', 'is not', null)
    .orderBy('c.last_sent_at', 'desc').limit(limit).execute();

export const messagesByIds = (db: Kysely<DB>, ids: string[]): Promise<MessageRow[]> =>
  ids.length === 0 ? Promise.resolve([]) : messages(db).where('m.id', 'in', ids).execute();

export const unreadTotal = async (db: Kysely<DB>, userId: number) => (await unreadTotals(db, [userId])).get(userId) ?? 0;

/** Several users' unread totals (private and group) in one statement. */
export const unreadTotals = async (db: Kysely<DB>, userIds: number[]) => {
  const { rows } = await sql<{ user_id: number; n: number }>`
    select u.id as user_id, (coalesce((select sum(unread) from im_member where user_id = u.id), 0)
      + coalesce((select sum(unread) from im_group_member where user_id = u.id), 0))::int as n
    from unnest(${sql.val(userIds)}::int[]) as u(id)`.execute(db);
  return new Map(rows.map((r) => [Number(r.user_id), r.n]));
};

export const markRead = (db: Kysely<DB>, conversationId: number, userId: number, now: Date) =>
  db.updateTable('im_member').set({ unread: 0, read_at: now }).where('conversation_id', '=', conversationId).where('user_id', '=', userId).execute();

/** A company's card for chat: address, area, its most stocked part brands and part names. */
export const companyCard = async (db: Kysely<DB>, companyId: number) => {
  const company = await db.selectFrom('company').select(['id', 'name', 'short_name', 'province', 'city', 'address', 'phone', 'qq'])
    .where('id', '=', companyId).executeTakeFirst();
  if (!company) return undefined;
  const [brands, parts, contact] = await Promise.all([
    sql<{ name: string }>`select pb.name from stock s join part_brand pb on pb.id = s.part_brand_id
      where s.company_id = ${companyId} and s.state = 'on' group by pb.name order by count(*) desc, pb.name limit 5`.execute(db),
    sql<{ name: string }>`select t.name from stock s join terminology t on t.id = s.terminology_id
      where s.company_id = ${companyId} and s.state = 'on' group by t.name order by count(*) desc, t.name limit 5`.execute(db),
    // the first of the company's public contacts (M06 联系人) speaks for it when there is one
    db.selectFrom('company_contact').select(['phone', 'qq', 'wechat']).where('company_id', '=', companyId).orderBy('sort').orderBy('id').limit(1).executeTakeFirst(),
  ]);
  return { company, brands: brands.rows, parts: parts.rows, contact };
};

/** A stock row as a product card shows it (发送订单链接). */
export const stockForCard = async (db: Kysely<DB>, id: number) =>
  (await sql<{ id: number; company_id: number; state: 'on' | 'off'; supplier_oe: string; oe_norm: string; name: string; quantity: number;
    price99: number | null; price0: number | null; price1: number | null; price2: number | null; price3: number | null; price5: number | null;
    brand_name: string; quality_name: string; is_original: boolean }>`
    select s.id, s.company_id, s.state, s.supplier_oe, s.oe_norm, s.name, s.quantity, s.price99, s.price0, s.price1, s.price2, s.price3, s.price5,
      coalesce(b.name, s.custom_brand_name, '') as brand_name, q.name as quality_name, q.is_original
    from stock s join part_quality q on q.id = s.quality_id left join part_brand b on b.id = s.part_brand_id where s.id = ${id}`.execute(db)).rows[0];

/* ---- friends, groups, customer service, quick replies (migration 0100) ---- */

const peopleCols = ['u.id', 'u.uuid', 'u.display_name', 'u.head_image', 'u.company_id', 'u.is_customer_service', 'co.short_name', 'co.name as company_name', 'co.phone'] as const;

export const friendsOf = (db: Kysely<DB>, userId: number, friendId?: number) => {
  let q = db.selectFrom('im_friend as f').innerJoin('app_user as u', 'u.id', 'f.friend_id').innerJoin('company as co', 'co.id', 'u.company_id')
    .select([...peopleCols, 'f.note']).where('f.user_id', '=', userId).where('u.active', '=', true);
  if (friendId !== undefined) q = q.where('f.friend_id', '=', friendId);
  return q.orderBy('f.created_at').orderBy('u.id').execute();
};

export const friendIds = async (db: Kysely<DB>, userId: number, among: number[]) =>
  among.length === 0 ? new Set<number>() : new Set((await db.selectFrom('im_friend').select('friend_id').where('user_id', '=', userId).where('friend_id', 'in', among).execute()).map((r) => r.friend_id));

export const addFriendPair = (db: Kysely<DB>, a: number, b: number, now: Date) =>
  db.insertInto('im_friend').values([{ user_id: a, friend_id: b, created_at: now }, { user_id: b, friend_id: a, created_at: now }])
    .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing()).execute();

export const setNote = (db: Kysely<DB>, userId: number, friendId: number, note: string) =>
  db.updateTable('im_friend').set({ note }).where('user_id', '=', userId).where('friend_id', '=', friendId).executeTakeFirst();

export const usersByUuids = (db: Kysely<DB>, uuids: string[]) =>
  uuids.length === 0 ? Promise.resolve([]) : db.selectFrom('app_user').select(['id', 'uuid', 'active', 'company_id', 'is_customer_service', 'display_name']).where('uuid', 'in', uuids).execute();

export const groupByUuid = (db: Kysely<DB>, uuid: string, lock = false) => {
  const q = db.selectFrom('im_group').select(['id', 'uuid', 'name', 'owner_id', 'is_service', 'last_sent_at']).where('uuid', '=', uuid);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

export const isMember = async (db: Kysely<DB>, groupId: number, userId: number) =>
  !!(await db.selectFrom('im_group_member').select('user_id').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst());

export const memberIds = async (db: Kysely<DB>, groupId: number) =>
  (await db.selectFrom('im_group_member').select('user_id').where('group_id', '=', groupId).execute()).map((r) => r.user_id);

export const createGroup = async (db: Kysely<DB>, g: { uuid: string; name: string; owner_id: number; is_service: boolean; members: number[]; now: Date }) => {
  const { id } = await db.insertInto('im_group').values({ uuid: g.uuid, name: g.name, owner_id: g.owner_id, is_service: g.is_service, created_at: g.now })
    .returning('id').executeTakeFirstOrThrow();
  await addMembers(db, id, g.members, g.now);
  return id;
};

export const addMembers = (db: Kysely<DB>, groupId: number, userIds: number[], now: Date) =>
  db.insertInto('im_group_member').values(userIds.map((user_id) => ({ group_id: groupId, user_id, joined_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'group_id']).doNothing()).execute();

export const removeMember = (db: Kysely<DB>, groupId: number, userId: number) =>
  db.deleteFrom('im_group_member').where('group_id', '=', groupId).where('user_id', '=', userId).execute();

export const insertGroupMessage = async (db: Kysely<DB>, row: {
  group_id: number; sender_id: number; client_msg_id: string; message_type: 'RC:TxtMsg' | 'RC:ImgMsg'; text: string; image_uri: string; sent_at: Date;
}) => {
  const { id } = await db.insertInto('im_message').values({ ...row, conversation_id: null, recipient_id: null }).returning('id').executeTakeFirstOrThrow();
  await db.updateTable('im_group').set({ last_message_id: id, last_sent_at: row.sent_at }).where('id', '=', row.group_id).execute();
  // every member but the sender has one more unread
  await db.updateTable('im_group_member').set((eb) => ({ unread: eb('unread', '+', 1) }))
    .where('group_id', '=', row.group_id).where('user_id', '!=', row.sender_id).execute();
  return id;
};

export const groupHistory = (db: Kysely<DB>, groupId: number, before: Date | undefined, count: number): Promise<MessageRow[]> => {
  let q = messages(db).where('m.group_id', '=', groupId);
  if (before) q = q.where('m.sent_at', '<', before);
  return q.orderBy('m.sent_at', 'desc').limit(count + 1).execute();
};

export const markGroupRead = (db: Kysely<DB>, groupId: number, userId: number, now: Date) =>
  db.updateTable('im_group_member').set({ unread: 0, read_at: now }).where('group_id', '=', groupId).where('user_id', '=', userId).execute();

/** The groups the user is in, newest activity first, with the user's unread count. */
export const groupsOf = (db: Kysely<DB>, userId: number, limit: number, groupId?: number) => {
  let q = db.selectFrom('im_group_member as me').innerJoin('im_group as g', 'g.id', 'me.group_id').innerJoin('app_user as o', 'o.id', 'g.owner_id')
    .select(['g.id', 'g.uuid', 'g.name', 'g.is_service', 'g.last_message_id', 'g.last_sent_at', 'g.created_at', 'me.unread', 'o.uuid as owner_uuid'])
    .where('me.user_id', '=', userId);
  if (groupId !== undefined) q = q.where('g.id', '=', groupId);
  return q.orderBy(sql`coalesce(g.last_sent_at, g.created_at)`, 'desc').limit(limit).execute();
};

export const membersOf = (db: Kysely<DB>, groupIds: number[]) =>
  groupIds.length === 0 ? Promise.resolve([]) : db.selectFrom('im_group_member as gm').innerJoin('app_user as u', 'u.id', 'gm.user_id').innerJoin('company as co', 'co.id', 'u.company_id')
    .select(['gm.group_id', ...peopleCols]).where('gm.group_id', 'in', groupIds).orderBy('gm.joined_at').orderBy('u.id').execute();

export const serviceStaff = (db: Kysely<DB>) =>
  db.selectFrom('app_user').select(['id', 'uuid', 'display_name']).where('company_id', '=', 1).where('active', '=', true)
    .where('is_customer_service', '=', true).orderBy('id').execute();

export const quickReplies = (db: Kysely<DB>, companyId: number, limit: number) =>
  db.selectFrom('im_quick_reply').select(['id', 'cn_message', 'vn_message']).where('company_id', '=', companyId).orderBy('sort').orderBy('id').limit(limit).execute();

/** Every company's quick replies for the operators (海外 · 快捷回复, docs/overseas.md). */
export const quickRepliesOfAll = async (db: Kysely<DB>, f: { k: string; company: string; missingVn: boolean; offset: number; limit: number }) => {
  let q = db.selectFrom('im_quick_reply as q').innerJoin('company as c', 'c.id', 'q.company_id');
  if (f.k) q = q.where((e) => e.or([e('q.cn_message', 'ilike', `%${likeEscape(f.k)}%`), e('q.vn_message', 'ilike', `%${likeEscape(f.k)}%`)]));
  if (f.company) q = q.where((e) => e.or([e('c.name', 'ilike', `%${likeEscape(f.company)}%`), e('c.short_name', 'ilike', `%${likeEscape(f.company)}%`)]));
  if (f.missingVn) q = q.where('q.vn_message', '=', '');
  const [rows, total] = await Promise.all([
    q.select(['q.id', 'q.company_id', 'c.name as company_name', 'q.cn_message', 'q.vn_message'])
      .orderBy('q.company_id').orderBy('q.sort').orderBy('q.id').offset(f.offset).limit(f.limit).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
};

export const lockQuickReply = (db: Kysely<DB>, id: number) =>
  db.selectFrom('im_quick_reply as q').innerJoin('company as c', 'c.id', 'q.company_id')
    .select(['q.id', 'q.company_id', 'c.name as company_name', 'q.cn_message', 'q.vn_message']).where('q.id', '=', id).forUpdate('q').executeTakeFirst();

export const setQuickReplyVn = (db: Kysely<DB>, id: number, vn: string) =>
  db.updateTable('im_quick_reply').set({ vn_message: vn }).where('id', '=', id).execute();

/* ---- blocking (拉黑, migration 0131) ---- */

/** whether `userId` blocked `senderId`: then the sender's private messages to them are refused */
export const blocks = async (db: Kysely<DB>, userId: number, senderId: number) =>
  !!(await db.selectFrom('im_block').select('user_id').where('user_id', '=', userId).where('blocked_id', '=', senderId).executeTakeFirst());

export const blockedBy = (db: Kysely<DB>, userId: number) =>
  db.selectFrom('im_block as b').innerJoin('app_user as u', 'u.id', 'b.blocked_id').innerJoin('company as co', 'co.id', 'u.company_id')
    .select(['u.uuid', 'u.display_name', 'co.short_name', 'co.name as company_name', 'b.created_at'])
    .where('b.user_id', '=', userId).orderBy('b.created_at', 'desc').orderBy('u.id').execute();
/** The company's active users who hold one of the codes, owners always included (who the assistant tells). */
export const usersWithCodes = async (db: Kysely<DB>, companyId: number, codes: readonly string[]) =>
  (await db.selectFrom('app_user').select('id').where('company_id', '=', companyId).where('active', '=', true)
    .where((eb) => eb.or([eb('is_owner', '=', true), sql<boolean>`permissions && ${sql.val([...codes])}::text[]`]))
    .orderBy('id').execute()).map((r) => r.id);

/** The company's active owners (who the assistant tells about the company's audit). */
export const ownersOf = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('app_user').select('id').where('company_id', '=', companyId).where('active', '=', true)
    .where('is_owner', '=', true).orderBy('id').execute()).map((r) => r.id);
