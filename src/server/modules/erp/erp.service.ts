/**
 * ERP products and a company's ERP choice (docs/open-platform.md, "ERP and the operator's pages").
 * The operator keeps the products (system/erps): names unique whatever their case, disabled and
 * never deleted, each write in the audit log. A company's owner or an M07 holder picks one enabled
 * product and an optional version. The operator's company/yigou and company/erp pages put the
 * companies next to what the open platform's call log says, read through the open module's service
 * (`openStats`), never its tables.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type ErpChoice, type ErpProduct, type PayloadOut } from '../../../shared/contracts';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { ERP_CHOICE_CODES, ERP_STATS_DAYS, erpText } from '../../../shared/domain/erp';
import * as audit from '../operation/audit.service';
import type { OpenCompanyStat } from '../open/open.service';
import * as repo from './erp.repo';

/** What the open platform's call log says about companies (open.service's openCompanyStats); `'connected'`: every company that has (had) a key. */
export type OpenStats = (db: Kysely<DB>, companyIds: number[] | 'connected', since: Date, now: Date) => Promise<OpenCompanyStat[]>;

type ProductRow = NonNullable<Awaited<ReturnType<typeof repo.productById>>>;
const productAnswer = (r: ProductRow): ErpProduct => ({
  id: r.id, name: r.name, vendor: r.vendor, note: r.note, sort: r.sort, active: r.active, companies: r.companies, updated_at: unix(r.updated_at),
});
const notFound = (id: number) => new AppError(ResultCode.notFound, 404, `${erpText.productNotFound}（ID ${id}）`);

const noStat = (company_id: number): OpenCompanyStat => ({ company_id, active_keys: 0, last_call_at: null, calls: 0, errors: 0, last_stock_sync_at: null });

export const createErpService = (deps: { clock: Clock; openStats: OpenStats }) => {
  const { clock, openStats } = deps;
  const since = () => new Date(clock.now().getTime() - ERP_STATS_DAYS * 86_400_000);

  const mayChoose = async (db: Kysely<DB>, caller: Caller) =>
    hasAnyPermission(caller.permissions, ERP_CHOICE_CODES) || repo.isOwner(db, caller.userId);

  const choice = async (db: Kysely<DB>, caller: Caller): Promise<ErpChoice> => {
    const [c, products, editable] = await Promise.all([repo.choiceOf(db, caller.companyId), repo.activeProducts(db), mayChoose(db, caller)]);
    return {
      erp_product_id: c?.erp_product_id ?? 0, erp_name: c?.name ?? '', erp_disabled: c ? !c.active : false,
      version: c?.version ?? '', updated_at: unix(c?.updated_at ?? null), editable, products,
    };
  };

  return {
    async products(db: Kysely<DB>, p: PayloadOut<'opErpList'>) {
      const { rows, total } = await repo.products(db, { k: p.k, active: p.active, offset: (p.page_number - 1) * p.page_size, limit: p.page_size });
      return { data: rows.map(productAnswer), total };
    },

    save: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opErpSave'>) =>
      inTransaction(db, async (trx) => {
        // one writer at a time, so two new products with one name cannot both pass the check
        await sql`select pg_advisory_xact_lock(hashtext('erp_product'))`.execute(trx);
        const old = p.id ? await repo.productById(trx, p.id, true) : undefined;
        if (p.id && !old) throw notFound(p.id);
        if (await repo.productByName(trx, p.name, p.id)) throw invalid('name', erpText.nameTaken);
        const now = clock.now();
        const next = { name: p.name, vendor: p.vendor, note: p.note, sort: p.sort };
        if (!old) {
          const { id } = await repo.insertProduct(trx, { ...next, now });
          await audit.record(trx, caller, now, [{ entity: 'erp_product', entity_id: id, action: 'create', new: next, note: p.name }]);
          return productAnswer((await repo.productById(trx, id))!);
        }
        const before = { name: old.name, vendor: old.vendor, note: old.note, sort: old.sort };
        const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => next[k] !== before[k]);
        if (changed.length === 0) return productAnswer(old);
        await repo.updateProduct(trx, old.id, { ...next, now });
        await audit.record(trx, caller, now, [{
          entity: 'erp_product', entity_id: old.id, action: 'update', note: p.name,
          old: Object.fromEntries(changed.map((k) => [k, before[k]])), new: Object.fromEntries(changed.map((k) => [k, next[k]])),
        }]);
        return productAnswer((await repo.productById(trx, old.id))!);
      }),

    setActive: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opErpSetActive'>) =>
      inTransaction(db, async (trx) => {
        const ids = [...new Set(p.ids)].sort((a, b) => a - b);
        const rows = await repo.lockProducts(trx, ids);
        const missing = ids.find((id) => !rows.some((r) => r.id === id));
        if (missing !== undefined) throw notFound(missing);
        const todo = rows.filter((r) => r.active !== p.active);
        if (todo.length === 0) return { changed: 0 };
        const now = clock.now();
        await repo.setActive(trx, todo.map((r) => r.id), p.active, now);
        await audit.record(trx, caller, now, todo.map((r) => ({
          entity: 'erp_product' as const, entity_id: r.id, action: p.active ? 'enable' as const : 'disable' as const,
          old: { active: r.active }, new: { active: p.active }, note: r.name,
        })));
        return { changed: todo.length };
      }),

    choice,

    async saveChoice(db: Kysely<DB>, caller: Caller, p: PayloadOut<'erpChoiceSave'>) {
      if (!(await mayChoose(db, caller))) throw forbidden(erpText.choiceOwnerOrM07);
      await inTransaction(db, async (trx) => {
        if (p.erp_product_id === 0) return repo.clearChoice(trx, caller.companyId);
        const product = await repo.productById(trx, p.erp_product_id);
        if (!product) throw invalid('erp_product_id', erpText.productNotFound);
        const current = await repo.choiceOf(trx, caller.companyId);
        // a disabled product is no longer offered; a company that chose it before may keep it (and change its version)
        if (!product.active && current?.erp_product_id !== product.id) throw invalid('erp_product_id', erpText.productDisabled);
        await repo.saveChoice(trx, { companyId: caller.companyId, productId: product.id, version: p.version, userId: caller.userId, now: clock.now() });
      });
      return choice(db, caller);
    },

    /** company/yigou: the companies connected through the open API, with their ERP. */
    async yigou(db: Kysely<DB>, p: PayloadOut<'opYigouList'>) {
      const [stats, products] = await Promise.all([openStats(db, 'connected', since(), clock.now()), repo.productOptions(db)]);
      const byId = new Map(stats.map((s) => [s.company_id, s]));
      const { rows, total } = await repo.companies(db, {
        company_name: p.company_name, erp_product_id: p.erp_product_id, ids: [...byId.keys()], offset: (p.page_number - 1) * p.page_size, limit: p.page_size,
      });
      return {
        data: rows.map((r) => {
          const s = byId.get(r.company_id) ?? noStat(r.company_id);
          return {
            company_id: r.company_id, company_name: r.company_name, erp_name: r.erp_name ?? '', erp_version: r.version ?? '',
            active_keys: s.active_keys, last_call_at: unix(s.last_call_at), calls_7d: s.calls, errors_7d: s.errors,
          };
        }),
        total, products: products.map(({ id, name, active }) => ({ id, name, active })),
      };
    },

    /** company/erp: the companies by ERP product, with their last stock sync and errors. */
    async companies(db: Kysely<DB>, p: PayloadOut<'opCompanyErpList'>) {
      const [{ rows, total }, products] = await Promise.all([
        repo.companies(db, { company_name: p.company_name, erp_product_id: p.erp_product_id, offset: (p.page_number - 1) * p.page_size, limit: p.page_size }),
        repo.productOptions(db),
      ]);
      const stats = rows.length ? await openStats(db, rows.map((r) => r.company_id), since(), clock.now()) : [];
      const byId = new Map(stats.map((s) => [s.company_id, s]));
      return {
        data: rows.map((r) => {
          const s = byId.get(r.company_id) ?? noStat(r.company_id);
          return {
            company_id: r.company_id, company_name: r.company_name, erp_product_id: r.erp_product_id ?? 0, erp_name: r.erp_name ?? '',
            erp_version: r.version ?? '', chosen_at: unix(r.updated_at ?? null), active_keys: s.active_keys,
            last_sync_at: unix(s.last_stock_sync_at), calls_7d: s.calls, errors_7d: s.errors,
          };
        }),
        total, products,
      };
    },
  };
};

export type ErpService = ReturnType<typeof createErpService>;
