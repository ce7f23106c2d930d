/** The webhook tables (migration 0390; docs/open-platform.md, "Webhooks"). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface EndpointRow {
  id: number; company_id: number; url: string; events: string[]; stock_threshold: number; secret: string; enabled: boolean;
  disabled_reason: string; failing_since: Date | null; created_at: Date;
}
export interface DeliveryRow {
  id: number; delivery_id: string; event_id: string; endpoint_id: number; company_id: number; url: string; event: string; body: string;
  state: 'pending' | 'done' | 'failed'; attempts: number; next_at: Date; give_up_at: Date; last_status: number; last_error: string;
  last_duration_ms: number; created_at: Date; finished_at: Date | null; resend_of: number | null;
}
export interface AttemptRow { at: Date; status_code: number; duration_ms: number; error: string }

const ENDPOINT_COLS = sql`id::int as id, company_id, url, events, stock_threshold, secret, enabled, disabled_reason, failing_since, created_at`;

export const userForManage = async (db: Kysely<DB>, userId: number) =>
  (await sql<{ company_id: number; is_owner: boolean; permissions: string[]; active: boolean }>`
    select company_id, is_owner, permissions, active from app_user where id = ${userId}`.execute(db)).rows[0];

export const endpoints = async (db: Kysely<DB>, companyId: number) =>
  (await sql<EndpointRow>`select ${ENDPOINT_COLS} from webhook_endpoint where company_id = ${companyId} order by id`.execute(db)).rows;

export const endpointById = async (db: Kysely<DB>, id: number, lock = false) =>
  (await sql<EndpointRow>`select ${ENDPOINT_COLS} from webhook_endpoint where id = ${id} ${lock ? sql`for update` : sql``}`.execute(db)).rows[0];

/** Serialises the company's endpoint additions until the transaction ends (count, then insert: the limit holds under concurrency). */
export const lockCompanyEndpoints = async (db: Kysely<DB>, companyId: number) => {
  await sql`select pg_advisory_xact_lock(hashtext(${`webhook-endpoint:${companyId}`}))`.execute(db);
};

export const countEndpoints = async (db: Kysely<DB>, companyId: number) =>
  (await sql<{ n: number }>`select count(*)::int as n from webhook_endpoint where company_id = ${companyId}`.execute(db)).rows[0].n;

export const insertEndpoint = async (db: Kysely<DB>, e: { company_id: number; url: string; events: string[]; stock_threshold: number; secret: string; created_by: number; at: Date }) =>
  (await sql<{ id: number }>`insert into webhook_endpoint (company_id, url, events, stock_threshold, secret, created_by, created_at, updated_at)
    values (${e.company_id}, ${e.url}, ${sql.val(e.events)}::text[], ${e.stock_threshold}, ${e.secret}, ${e.created_by}, ${e.at}, ${e.at}) returning id::int as id`.execute(db)).rows[0].id;

export const updateEndpoint = async (db: Kysely<DB>, id: number, e: { url: string; events: string[]; stock_threshold: number; at: Date }) => {
  await sql`update webhook_endpoint set url = ${e.url}, events = ${sql.val(e.events)}::text[], stock_threshold = ${e.stock_threshold}, updated_at = ${e.at} where id = ${id}`.execute(db);
};

export const setEnabled = async (db: Kysely<DB>, id: number, enabled: boolean, reason: string, at: Date) => {
  // enabling again starts a new run: the 24 h of failures count from the next failure
  await sql`update webhook_endpoint set enabled = ${enabled}, disabled_reason = ${reason}, updated_at = ${at},
    failing_since = case when ${enabled} then null else failing_since end where id = ${id}`.execute(db);
};

export const removeEndpoint = async (db: Kysely<DB>, id: number) => {
  await sql`delete from webhook_endpoint where id = ${id}`.execute(db);
};

const bodyOf = (eventId: string, event: string, at: Date, data: unknown) =>
  sql`jsonb_build_object('id', ${eventId}::text, 'event', ${event}::text, 'created_at', ${Math.floor(at.getTime() / 1000)}::bigint, 'company_id', e.company_id, 'data', ${JSON.stringify(data)}::jsonb)::text`;

/** One pending delivery per enabled endpoint of the company that wants the event; the rows written: the count. */
export const enqueue = async (db: Kysely<DB>, p: { eventId: string; event: string; companyId: number; data: unknown; at: Date; giveUpAt: Date }) =>
  Number((await sql`insert into webhook_delivery (event_id, endpoint_id, company_id, event, body, next_at, give_up_at, created_at)
    select ${p.eventId}::uuid, e.id, e.company_id, ${p.event}, ${bodyOf(p.eventId, p.event, p.at, p.data)}, ${p.at}, ${p.giveUpAt}, ${p.at}
    from webhook_endpoint e where e.company_id = ${p.companyId} and e.enabled and ${p.event} = any(e.events)`.execute(db)).numAffectedRows ?? 0);

/**
 * stock.low after pieces left stock rows (`taken` each): one delivery per endpoint of a row's company
 * whose threshold the row's quantity has just fallen below (from at least it); one event per row.
 */
export const enqueueStockLow = async (db: Kysely<DB>, p: { drops: Array<{ eventId: string; stockId: number; taken: number }>; at: Date; giveUpAt: Date }) =>
  Number((await sql`insert into webhook_delivery (event_id, endpoint_id, company_id, event, body, next_at, give_up_at, created_at)
    select x.event_id, e.id, e.company_id, 'stock.low',
      jsonb_build_object('id', x.event_id::text, 'event', 'stock.low', 'created_at', ${Math.floor(p.at.getTime() / 1000)}::bigint, 'company_id', e.company_id,
        'data', jsonb_build_object('stock_id', s.id, 'supplier_oe', s.supplier_oe, 'name', s.name, 'quantity', s.quantity, 'threshold', e.stock_threshold))::text,
      ${p.at}, ${p.giveUpAt}, ${p.at}
    from jsonb_to_recordset(${JSON.stringify(p.drops.map((d) => ({ event_id: d.eventId, stock_id: d.stockId, taken: d.taken })))}::jsonb)
      as x(event_id uuid, stock_id bigint, taken integer)
    join stock s on s.id = x.stock_id
    join webhook_endpoint e on e.company_id = s.company_id and e.enabled and 'stock.low' = any(e.events)
    where s.quantity < e.stock_threshold and s.quantity + x.taken >= e.stock_threshold`.execute(db)).numAffectedRows ?? 0);

const DELIVERY_COLS = sql`d.id::int as id, d.delivery_id::text as delivery_id, d.event_id::text as event_id, d.endpoint_id::int as endpoint_id, d.company_id,
  e.url, d.event, d.body, d.state, d.attempts, d.next_at, d.give_up_at, d.last_status, d.last_error, d.last_duration_ms, d.created_at, d.finished_at,
  d.resend_of::int as resend_of`;

export const deliveries = async (db: Kysely<DB>, f: { companyId: number; endpointId: number | null; state: string; limit: number; offset: number }) => {
  const where = sql`d.company_id = ${f.companyId} ${f.endpointId ? sql`and d.endpoint_id = ${f.endpointId}` : sql``} ${f.state ? sql`and d.state = ${f.state}` : sql``}`;
  const [rows, total] = await Promise.all([
    sql<DeliveryRow>`select ${DELIVERY_COLS} from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id where ${where}
      order by d.id desc limit ${f.limit} offset ${f.offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from webhook_delivery d where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
};

export const deliveryById = async (db: Kysely<DB>, id: number) =>
  (await sql<DeliveryRow>`select ${DELIVERY_COLS} from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id where d.id = ${id}`.execute(db)).rows[0];

export const attempts = async (db: Kysely<DB>, deliveryId: number) =>
  (await sql<AttemptRow>`select at, status_code, duration_ms, error from webhook_attempt where delivery_id = ${deliveryId} order by id`.execute(db)).rows;

export const insertResend = async (db: Kysely<DB>, of: DeliveryRow, at: Date, giveUpAt: Date) =>
  (await sql<{ id: number }>`insert into webhook_delivery (event_id, endpoint_id, company_id, event, body, next_at, give_up_at, created_at, resend_of)
    values (${of.event_id}::uuid, ${of.endpoint_id}, ${of.company_id}, ${of.event}, ${of.body}, ${at}, ${giveUpAt}, ${at}, ${of.id}) returning id::int as id`.execute(db)).rows[0].id;

export interface Claimed {
  id: number; delivery_id: string; event: string; body: string; attempts: number; claim: string; give_up_at: Date;
  company_id: number; endpoint_id: number; url: string; secret: string;
}

export interface Expired { id: number; delivery_id: string; event: string; company_id: number; endpoint_id: number; url: string; attempts: number; last_status: number; last_error: string; stopped: boolean }

/**
 * Fails up to `limit` due deliveries that must not be sent (docs/open-platform.md, "Delivery"):
 * those past their give_up_at (the window closed while they waited: the worker was down, or the
 * last retry was capped at the window's end), and those of a disabled endpoint (written by a
 * transaction that raced the disabling), the latter with last_error `stopped`. Answers them.
 */
export const expireDue = async (db: Kysely<DB>, now: Date, limit: number, stopped: string) =>
  (await sql<Expired>`update webhook_delivery d set state = 'failed', claim = null, finished_at = ${now},
      last_error = case when e.enabled then d.last_error else ${stopped} end
    from webhook_endpoint e
    where e.id = d.endpoint_id and d.id in (
      select w.id from webhook_delivery w join webhook_endpoint we on we.id = w.endpoint_id
      where w.state = 'pending' and w.next_at <= ${now} and (w.give_up_at <= ${now} or not we.enabled)
      order by w.next_at, w.id limit ${limit} for update of w skip locked)
    returning d.id::int as id, d.delivery_id::text as delivery_id, d.event, d.company_id, d.endpoint_id::int as endpoint_id, e.url,
      d.attempts, d.last_status, d.last_error, not e.enabled as stopped`.execute(db)).rows;

/** Fails every pending delivery of an endpoint being disabled, with last_error `stopped`; answers how many. */
export const stopPending = async (db: Kysely<DB>, endpointId: number, at: Date, stopped: string) =>
  Number((await sql`update webhook_delivery set state = 'failed', claim = null, finished_at = ${at}, last_error = ${stopped}
    where endpoint_id = ${endpointId} and state = 'pending'`.execute(db)).numAffectedRows ?? 0);

/** Takes up to `limit` due deliveries of enabled endpoints, still inside their window, for `leaseMs`: another worker skips them, and sees them again only when the lease ran out. */
export const claim = async (db: Kysely<DB>, now: Date, leaseMs: number, limit: number) =>
  (await sql<Claimed>`update webhook_delivery d set next_at = ${new Date(now.getTime() + leaseMs)}, claim = gen_random_uuid()
    from webhook_endpoint e
    where e.id = d.endpoint_id and d.id in (
      select w.id from webhook_delivery w join webhook_endpoint we on we.id = w.endpoint_id and we.enabled
      where w.state = 'pending' and w.next_at <= ${now} and w.give_up_at > ${now} order by w.next_at, w.id limit ${limit} for update of w skip locked)
    returning d.id::int as id, d.delivery_id::text as delivery_id, d.event, d.body, d.attempts, d.claim::text as claim, d.give_up_at,
      d.company_id, d.endpoint_id::int as endpoint_id, e.url, e.secret`.execute(db)).rows;

export const addAttempt = async (db: Kysely<DB>, deliveryId: number, a: { at: Date; status: number; durationMs: number; error: string }) => {
  await sql`insert into webhook_attempt (delivery_id, at, status_code, duration_ms, error) values (${deliveryId}, ${a.at}, ${a.status}, ${a.durationMs}, ${a.error})`.execute(db);
};

/** Marks a claimed delivery; false when the claim is no longer ours (the lease ran out and another worker took it). */
export const settle = async (db: Kysely<DB>, c: Pick<Claimed, 'id' | 'claim'>, s: {
  state: 'pending' | 'done' | 'failed'; nextAt: Date; status: number; error: string; durationMs: number; finishedAt: Date | null;
}) => Number((await sql`update webhook_delivery set state = ${s.state}, attempts = attempts + 1, next_at = ${s.nextAt}, claim = null,
    last_status = ${s.status}, last_error = ${s.error}, last_duration_ms = ${s.durationMs}, finished_at = ${s.finishedAt}
    where id = ${c.id} and claim = ${c.claim}::uuid and state = 'pending'`.execute(db)).numAffectedRows ?? 0) === 1;

export const endpointSucceeded = async (db: Kysely<DB>, id: number) => {
  await sql`update webhook_endpoint set failing_since = null where id = ${id} and failing_since is not null`.execute(db);
};

/** Records a failure on the endpoint; answers when its current run of failures began. */
export const endpointFailed = async (db: Kysely<DB>, id: number, at: Date) =>
  (await sql<{ failing_since: Date; enabled: boolean; url: string }>`update webhook_endpoint set failing_since = coalesce(failing_since, ${at}) where id = ${id}
    returning failing_since, enabled, url`.execute(db)).rows[0];

export const counts = async (db: Kysely<DB>) =>
  (await sql<{ pending: number; failed: number }>`select count(*) filter (where state = 'pending')::int as pending, count(*) filter (where state = 'failed')::int as failed
    from webhook_delivery`.execute(db)).rows[0];
