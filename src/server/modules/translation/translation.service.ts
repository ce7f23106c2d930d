/**
 * Translated lines under what people write (docs/i18n.md, "Translated lines"): the texts of an
 * enquiry (its lines' names, its note, the quotes' notes) and the Vietnam mall's product names, for a
 * reader whose page language differs from the text's. The owning modules say which texts the caller
 * may read (their services); this module only translates them, through the translation interface chat
 * uses (modules/im/translator.ts), and keeps each translation in `text_translation`, so a text is sent
 * to the service once per target language whoever reads it. A failed call is not kept: the answer
 * leaves that text out and the next reader asks again. Without a translator the answer is `on: false`.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import type { AnswerOf, PayloadOut, TranslationKind } from '../../../shared/contracts';
import { wantsTranslation, type TranslateTarget } from '../../../shared/domain/translate';
import type { Translator } from '../im/translator';
import * as repo from './translation.repo';

/** texts sent to the service at once by one call */
const AT_ONCE = 4;
/**
 * texts one call may send to the service (a paid one, per text): the rest of a larger call is
 * left untranslated until a later call, which finds these kept
 */
export const NEW_PER_CALL = 100;

export const textHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Where each kind's readable texts come from: the owning module's service, scoped to the caller. */
export type TranslationSources = Record<TranslationKind, (db: Kysely<DB>, caller: Caller, ids: number[]) => Promise<string[]>>;

export interface TranslationDeps {
  clock: Clock;
  translator?: Translator;
  sources: TranslationSources;
  log?: (level: 'info' | 'warn' | 'error', text: string, detail?: unknown) => void;
}

export const createTranslationService = (deps: TranslationDeps) => {
  /** The translations of the texts (cached or asked now), leaving out failures and translations equal to their text. */
  const translateAll = async (db: Kysely<DB>, texts: string[], target: TranslateTarget, translator: Translator) => {
    const wanted = [...new Set(texts.filter((t) => wantsTranslation(t, target)))].map((text) => ({ text, hash: textHash(text) }));
    const known = new Map((await repo.cached(db, wanted.map((w) => w.hash), target)).map((r) => [r.source_hash, r.translated]));
    const missing = wanted.filter((w) => !known.has(w.hash)).slice(0, NEW_PER_CALL);
    for (let i = 0; i < missing.length; i += AT_ONCE) {
      await Promise.all(missing.slice(i, i + AT_ONCE).map(async (w) => {
        let translated: string;
        try {
          translated = (await translator.translate(w.text, target)).trim();
        } catch (e) {
          deps.log?.('warn', 'translation failed', { target, error: String(e) });
          return;
        }
        if (translated === '') return;
        await repo.keep(db, { source_hash: w.hash, target, source_text: w.text, translated, created_at: deps.clock.now() });
        known.set(w.hash, translated);
      }));
    }
    return wanted.flatMap((w) => {
      const translated = known.get(w.hash);
      return translated !== undefined && translated !== w.text.trim() ? [{ text: w.text, translated }] : [];
    });
  };

  return {
    async translations(db: Kysely<DB>, caller: Caller, p: PayloadOut<'textTranslations'>): Promise<AnswerOf<'textTranslations'>> {
      if (!deps.translator) return { on: false, items: [] };
      const texts = await deps.sources[p.kind](db, caller, [...new Set(p.ids)]);
      return { on: true, items: await translateAll(db, texts, p.target, deps.translator) };
    },
  };
};

export type TranslationService = ReturnType<typeof createTranslationService>;
