/**
 * 保养套餐 (maintenance packages, back office M03, docs/maintenance.md). Rules:
 * - The seller's calls act on the caller's company only; a package of another company is "not
 *   found". Every line is a stock row of the caller's own company, each row once; any other is
 *   refused naming the 配件, and nothing is saved.
 * - A buyer sees a shop's packages that are on. Each line is priced exactly as the cart would
 *   price it for the caller (domain/cart unitPrice with the caller's membership level and the
 *   seller's customer level for it, without tax, as a new cart line starts); a line that cannot be
 *   bought says why, and the total counts only the lines that can.
 * Stock rows are read through the stock service, the levels through the company and customer services.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { ResultCode, type BuyerPackage, type MaintenancePackage, type PackageSave, type PayloadOut } from '../../../shared/contracts';
import { lineAvailability, maintenanceText, packageTotal } from '../../../shared/domain/maintenance';
import { unitPrice } from '../../../shared/domain/cart';
import { stockRowsByIds, type StockRowRead } from '../stock/stock.service';
import { companyWithLevel } from '../company/company.service';
import { customerPriceLevels } from '../customer/customer.service';
import * as repo from './maintenance.repo';

const notFound = () => new AppError(ResultCode.notFound, 404, maintenanceText.notFound);

type Line = { package_id: number; position: number; stock_id: number; qty: number };

const brandOf = (s: StockRowRead) => s.part_brand_name || s.custom_brand_name;

/** Lines grouped by package, with their stock rows (a row deleted since has taken its lines with it). */
const withStock = async (db: Kysely<DB>, packageIds: number[]) => {
  const lines = await repo.linesOf(db, packageIds);
  const stock = new Map((await stockRowsByIds(db, lines.map((l) => l.stock_id))).map((s) => [s.id, s]));
  const byPackage = new Map<number, Array<{ line: Line; stock: StockRowRead }>>();
  for (const line of lines) {
    const s = stock.get(line.stock_id);
    if (!s) continue;
    byPackage.set(line.package_id, [...(byPackage.get(line.package_id) ?? []), { line, stock: s }]);
  }
  return byPackage;
};

const sellerShape = (p: repo.PackageRow, lines: Array<{ line: Line; stock: StockRowRead }>): MaintenancePackage => ({
  id: p.id, name: p.name, make_id: p.make_id, make_name: p.make_name, vehicle: p.vehicle, interval_km: p.interval_km, interval_months: p.interval_months,
  note: p.note, active: p.active, updated: unix(p.updated_at),
  lines: lines.map(({ line, stock: s }) => ({
    stock_id: s.id, qty: line.qty, supplier_oe: s.supplier_oe, name: s.name, brand_name: brandOf(s), quality_name: s.part_type_name, uom_name: s.uom_name,
    quantity: s.quantity, state: s.state, price99: s.price99,
  })),
  standard_total_fen: packageTotal(lines.map(({ line, stock: s }) => ({ qty: line.qty, unitFen: s.price99 !== null && s.price99 > 0 ? s.price99 : null, unavailable: '' }))).totalFen,
});

export const createMaintenanceService = (clock: Clock) => {
  const sellerOnly = async (db: Kysely<DB>, caller: Caller) => {
    if (!(await repo.isSeller(db, caller.companyId))) throw forbidden(maintenanceText.sellersOnly);
  };

  /** The lines must be distinct stock rows of the caller's company, the make a make of the catalogue. */
  const check = async (db: Kysely<DB>, caller: Caller, p: PackageSave) => {
    if (p.make_id !== null && !(await repo.makeExists(db, p.make_id))) throw invalid('make_id', maintenanceText.unknownMake);
    const rows = new Map((await stockRowsByIds(db, p.lines.map((l) => l.stock_id))).map((s) => [s.id, s]));
    const seen = new Set<number>();
    for (const l of p.lines) {
      const s = rows.get(l.stock_id);
      if (!s || s.company_id !== caller.companyId) throw forbidden(maintenanceText.notOwnStock(l.stock_id));
      if (seen.has(l.stock_id)) throw invalid('lines', maintenanceText.duplicateLine(s.supplier_oe));
      seen.add(l.stock_id);
    }
  };

  const values = (p: PackageSave): repo.PackageValues => ({
    name: p.name, make_id: p.make_id, vehicle: p.vehicle, interval_km: p.interval_km, interval_months: p.interval_months, note: p.note, active: p.active,
  });

  const one = async (db: Kysely<DB>, caller: Caller, id: number) => {
    const p = await repo.packageOf(db, caller.companyId, id);
    if (!p) throw notFound();
    return sellerShape(p, (await withStock(db, [p.id])).get(p.id) ?? []);
  };

  return {
    async list(db: Kysely<DB>, caller: Caller, p: PayloadOut<'maintenancePackageList'>) {
      const f = { keyword: p.keyword, make_id: p.make_id, active: p.active };
      const [rows, total] = await Promise.all([
        repo.packagesOf(db, caller.companyId, f, (p.page_number - 1) * p.page_size, p.page_size), repo.countPackages(db, caller.companyId, f),
      ]);
      const lines = await withStock(db, rows.map((r) => r.id));
      return { data: rows.map((r) => sellerShape(r, lines.get(r.id) ?? [])), total };
    },

    get: one,

    create: (db: Kysely<DB>, caller: Caller, p: PackageSave) =>
      inTransaction(db, async (trx) => {
        await sellerOnly(trx, caller);
        await check(trx, caller, p);
        const id = await repo.insertPackage(trx, caller.companyId, caller.userId, values(p), clock.now());
        await repo.replaceLines(trx, id, p.lines);
        return one(trx, caller, id);
      }),

    update: (db: Kysely<DB>, caller: Caller, id: number, p: PackageSave) =>
      inTransaction(db, async (trx) => {
        if (!(await repo.packageOf(trx, caller.companyId, id, true))) throw notFound();
        await check(trx, caller, p);
        await repo.updatePackage(trx, caller.companyId, id, values(p), clock.now());
        await repo.replaceLines(trx, id, p.lines);
        return one(trx, caller, id);
      }),

    /** All the ids must be the caller's packages, or nothing changes. */
    setActive: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'maintenancePackageSetActive'>) =>
      inTransaction(db, async (trx) => {
        const ids = [...new Set(p.ids)];
        if ((await repo.countOwn(trx, caller.companyId, ids)) !== ids.length) throw notFound();
        return { changed: await repo.setActive(trx, caller.companyId, ids, p.active, clock.now()) };
      }),

    async remove(db: Kysely<DB>, caller: Caller, id: number) {
      if (!(await repo.deletePackage(db, caller.companyId, id))) throw notFound();
      return { id };
    },

    /** A shop's packages that are on, priced for the caller as its cart would price them. */
    async forBuyer(db: Kysely<DB>, caller: Caller, p: PayloadOut<'shopMaintenancePackages'>) {
      if (!(await repo.isSeller(db, p.company_id))) throw new AppError(ResultCode.notFound, 404, maintenanceText.shopNotSeller);
      const company = await companyWithLevel(db, caller.companyId);
      if (!company) throw forbidden();
      const customerLevel = (await customerPriceLevels(db, caller.companyId, [p.company_id])).get(p.company_id);
      const [rows, makes] = await Promise.all([repo.activeOfShop(db, p.company_id, p.make_id), repo.activeMakesOfShop(db, p.company_id)]);
      const lines = await withStock(db, rows.map((r) => r.id));
      const data = rows.map((r): BuyerPackage => {
        const priced = (lines.get(r.id) ?? []).map(({ line, stock: s }) => {
          const price = unitPrice(s, company.level_type, false, customerLevel);
          const unavailable = lineAvailability({ state: s.state, quantity: s.quantity, qty: line.qty, unitFen: price?.fen ?? null });
          return {
            stock_id: s.id, qty: line.qty, supplier_oe: s.supplier_oe, name: s.name, brand_name: brandOf(s), quality_name: s.part_type_name, uom_name: s.uom_name,
            is_original: s.is_original, price: price?.fen ?? null, price_column: price?.column ?? null,
            amount: unavailable ? 0 : (price?.fen ?? 0) * line.qty, unavailable,
          };
        });
        const total = packageTotal(priced.map((l) => ({ qty: l.qty, unitFen: l.price, unavailable: l.unavailable })));
        return {
          id: r.id, name: r.name, make_id: r.make_id, make_name: r.make_name, vehicle: r.vehicle, interval_km: r.interval_km, interval_months: r.interval_months,
          note: r.note, lines: priced, total_fen: total.totalFen, available_count: total.available,
        };
      });
      return { data: data.filter((d) => d.lines.length > 0), makes };
    },
  };
};

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
