/**
 * The browser database (IndexedDB 'qipeihub', through Dexie): search history, followed companies,
 * the basket, chat history and the outbox of writes made offline. Rows read back are validated;
 * a bad row is dropped with a warning, never a crash. Search history and outbox rows belong to a
 * user (`user_uuid`): one browser may be used by several accounts in turn.
 */
import Dexie, { type EntityTable, type Table } from 'dexie';
import * as v from 'valibot';
import { SEARCH_KINDS, SEARCH_MODES } from '../../shared/contracts/history';

export const searchHistoryRow = v.object({
  user_uuid: v.string(),
  search_value: v.string(),
  /** the kinds of version 3 ('oe', 'keyword') stay valid: no upgrade of old rows is needed */
  search_type: v.picklist(SEARCH_KINDS),
  /** 精确 / 模糊 of a keyword-type search; absent in rows written before it was kept */
  search_mode: v.optional(v.nullable(v.picklist(SEARCH_MODES))),
  create_time: v.number(),
});
export type SearchHistoryRow = v.InferOutput<typeof searchHistoryRow>;

export const followRow = v.object({ id: v.optional(v.number()), user_uuid: v.string(), company_id: v.number(), created: v.number() });
export type FollowRow = v.InferOutput<typeof followRow>;

export const basketRow = v.object({
  key: v.string(), user_uuid: v.string(), value: v.unknown(), type_code: v.string(), id: v.number(), qty: v.number(), amount: v.number(),
});
export type BasketRow = v.InferOutput<typeof basketRow>;

export const chatRow = v.object({
  client_msg_id: v.string(), conversation: v.string(), senderUserId: v.string(), targetId: v.string(), content: v.unknown(), sentTime: v.number(),
});
export type ChatRow = v.InferOutput<typeof chatRow>;

export const outboxRow = v.object({
  seq: v.optional(v.number()),
  user_uuid: v.string(),
  name: v.string(),
  payload: v.unknown(),
  idempotencyKey: v.string(),
  createdAt: v.number(),
  attempts: v.number(),
  state: v.picklist(['pending', 'failed']),
  lastError: v.optional(v.string()),
});
export type OutboxRow = v.InferOutput<typeof outboxRow>;

export class LocalDb extends Dexie {
  searchHistory!: Table<SearchHistoryRow, [string, string]>;
  follows!: EntityTable<FollowRow, 'id'>;
  basket!: EntityTable<BasketRow, 'key'>;
  chatHistory!: EntityTable<ChatRow, 'client_msg_id'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;

  constructor(name = 'qipeihub') {
    super(name);
    this.version(1).stores({
      searchHistory: 'search_value, create_time',
      follows: '++id, user_uuid, &[user_uuid+company_id]',
      basket: 'key, user_uuid',
      chatHistory: 'client_msg_id, [conversation+sentTime]',
      outbox: '++seq, state',
    });
    // Rows of version 1 had no owner. Old search history cannot be told apart by user, so it goes
    // (the server keeps each user's own list and it is merged back in); a queued write without an
    // owner could replay under whoever is signed in now, so it is dropped, with a warning.
    // IndexedDB cannot change a primary key: the history table is deleted here and made anew in 3.
    this.version(2)
      .stores({ searchHistory: null, outbox: '++seq, [user_uuid+state]' })
      .upgrade(async (tx) => {
        const unowned = await tx.table('outbox').filter((row: { user_uuid?: unknown }) => typeof row.user_uuid !== 'string').toArray();
        if (unowned.length === 0) return;
        console.warn(`qipeihub: dropped ${unowned.length} queued writes saved without a user`, unowned.map((row: { name?: unknown }) => row.name));
        await tx.table('outbox').bulkDelete(unowned.map((row: { seq: number }) => row.seq));
      });
    this.version(3).stores({ searchHistory: '[user_uuid+search_value], [user_uuid+create_time]' });
  }
}

export const localDb = new LocalDb();

/** Keeps the rows that match their schema and warns about the rest. */
export const validRows = <S extends v.GenericSchema>(schema: S, rows: unknown[], table: string): v.InferOutput<S>[] => {
  const out: v.InferOutput<S>[] = [];
  for (const row of rows) {
    const r = v.safeParse(schema, row);
    if (r.success) out.push(r.output);
    else console.warn(`qipeihub: dropped a bad ${table} row`, r.issues[0]?.message);
  }
  return out;
};
