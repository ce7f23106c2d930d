/**
 * The stock sync batches of the open platform (migration 0380, table open_sync_batch): one row per
 * company, batch id and part (2,000 lines) with the hash of the batch's lines and the part's
 * results, so the same batch again answers the same and applies nothing (docs/open-platform.md,
 * "Partner calls").
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { OpenSyncResult } from '../../../shared/contracts/open-partner';

export type PartResults = OpenSyncResult['results'];

/** Serialises the calls of one batch id of a company until the caller's transaction ends. */
export const lockBatch = (db: Kysely<DB>, companyId: number, batchId: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`open-sync:${companyId}:${batchId}`}))`.execute(db);

export const partOf = async (db: Kysely<DB>, companyId: number, batchId: string, part: number, since: Date) =>
  (await sql<{ body_hash: string; results: PartResults }>`select body_hash, results from open_sync_batch
    where company_id = ${companyId} and batch_id = ${batchId} and part = ${part} and created_at > ${since}`.execute(db)).rows[0];

/** Records a part; the first part also forgets the company's batches older than `forgetBefore` (and this id's stale parts). */
export const savePart = async (db: Kysely<DB>, r: { companyId: number; batchId: string; part: number; hash: string; results: PartResults; at: Date; forgetBefore: Date }) => {
  if (r.part === 0) {
    await sql`delete from open_sync_batch where company_id = ${r.companyId} and (created_at <= ${r.forgetBefore} or batch_id = ${r.batchId})`.execute(db);
  }
  await sql`insert into open_sync_batch (company_id, batch_id, part, body_hash, results, created_at)
    values (${r.companyId}, ${r.batchId}, ${r.part}, ${r.hash}, ${JSON.stringify(r.results)}::jsonb, ${r.at})`.execute(db);
};
