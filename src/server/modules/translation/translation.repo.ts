/** The translation cache (migration 0781, docs/i18n.md "Translated lines"): one row per source text hash and target. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TranslateTarget } from '../../../shared/domain/translate';

export const cached = async (db: Kysely<DB>, hashes: string[], target: TranslateTarget) =>
  hashes.length === 0 ? [] : db.selectFrom('text_translation').select(['source_hash', 'translated']).where('target', '=', target).where('source_hash', 'in', hashes).execute();

/** Keeps a translation; a second writer of the same text and target keeps the first one. */
export const keep = async (db: Kysely<DB>, row: { source_hash: string; target: TranslateTarget; source_text: string; translated: string; created_at: Date }) => {
  await db.insertInto('text_translation').values(row).onConflict((oc) => oc.columns(['source_hash', 'target']).doNothing()).execute();
};
