/**
 * VIN and vehicle search over the EPC catalogue. A decode is counted against the caller's company
 * quota (domain/vin-quota) in the same transaction that checks it, with the company row locked.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ResultCode } from '../../../shared/contracts';
import type { VinDecoded } from '../../../shared/contracts/vin';
import { decodeVin } from '../../../shared/domain/vin';
import { WMI_MAKERS } from '../../../shared/domain/vin-wmi';
import { admitVinDecode, vinQuotaState } from '../../../shared/domain/vin-quota';
import { msg } from '../../../shared/messages';
import { AppError, invalid } from '../../http/errors';
import type { Caller, Clock } from '../../http/context';
import * as repo from './vin.repo';
import { sharedVpic, type VpicFacts, type VpicSource } from './vpic';
import { bodyZh, cityName, countryZh, makeZh } from './vpic-names';
import { chinaDay, chinaMidnight } from '../../../shared/domain/china-time';

const notFound = (text: string) => new AppError(ResultCode.notFound, 404, text);

/**
 * What a buyer sees of a VIN: our own table names the Chinese joint ventures as they are sold in
 * China (vPIC does not know LFV, LSV …); vPIC names everything else, with model, body and plant.
 */
export const describeVin = (wmi: string, local: { manufacturer: string | null; country: string | null }, facts: VpicFacts | null) => {
  const chinese = wmi.startsWith('L') ? WMI_MAKERS[wmi] : undefined;
  const plantCountry = countryZh(facts?.plant?.country ?? null);
  const plantCity = cityName(facts?.plant?.city ?? null);
  return {
    manufacturer: chinese ?? makeZh(facts?.make ?? null) ?? local.manufacturer ?? facts?.manufacturer ?? null,
    country: countryZh(facts?.country ?? null) ?? local.country,
    make: makeZh(facts?.make ?? null),
    model: facts?.model ?? null,
    body: bodyZh(facts?.body ?? null),
    plant: plantCountry || plantCity ? [plantCity, plantCountry].filter(Boolean).join('，') : null,
  };
};

export const createVinService = (clock: Clock, vpic: () => Promise<VpicSource | null> = sharedVpic) => {
  const vehicleOr404 = async (db: Kysely<DB>, id: number) => {
    const v = await repo.vehicle(db, id);
    if (!v) throw notFound(msg.vehicleNotFound);
    return v;
  };

  return {
    async decode(db: Kysely<DB>, caller: Caller, raw: string): Promise<VinDecoded> {
      const now = clock.now();
      const r = decodeVin(raw, now);
      // the payload schema refuses these already; kept so a direct call cannot count a bad VIN
      if (!r.ok) throw invalid('vin', r.message);
      const d = r.value;
      const quota = await db.transaction().execute(async (trx) => {
        const c = await repo.lockVinQuota(trx, caller.companyId);
        const used = await repo.vinDecodesCounted(trx, caller.companyId);
        const input = { type: c.vin_type, endAt: c.vin_end_at ? new Date(c.vin_end_at) : null, bought: c.vin_sum_qty, used };
        const dayStart = chinaMidnight(chinaDay(now));
        const admitted = admitVinDecode(input, now, await repo.decodedSince(trx, caller.companyId, d.vin, dayStart));
        if (!admitted.ok) throw new AppError(ResultCode.tooManyRequests, 429, admitted.message);
        if (admitted.counted) await repo.logDecode(trx, { company_id: caller.companyId, user_id: caller.userId, vin: d.vin, created_at: now });
        const after = { ...input, used: used + (admitted.counted ? 1 : 0) };
        const state = vinQuotaState(after, now);
        return { vin_company_order_current_type: c.vin_type, unlimited: state.unlimited, available: state.available, used: after.used, counted: admitted.counted };
      });
      const [vehicles, facts] = await Promise.all([
        repo.matchVehicles(db, d.wmi, d.vin.slice(3, 8), d.modelYear),
        vpic().then((source) => source?.decode(d.vin, d.modelYear) ?? null),
      ]);
      const described = describeVin(d.wmi, d, facts);
      const warnings = d.warnings.filter((w) => w !== msg.vinUnknownWmi);
      if (!described.manufacturer) warnings.push(msg.vinUnknownWmi);
      return {
        vin: d.vin, wmi: d.wmi, ...described, model_year: d.modelYear,
        check_digit: d.checkDigit, warnings, vehicles,
        ...(vehicles.length === 0 ? { message: msg.vinNoVehicle } : {}),
        quota,
      };
    },
    /** Counted decodes of one country's companies, for the operators (docs/overseas.md); `to` is exclusive. */
    async decodeLog(db: Kysely<DB>, f: Parameters<typeof repo.decodeLog>[1]) {
      const { rows, total } = await repo.decodeLog(db, f);
      return { data: rows.map((r) => ({ ...r, id: Number(r.id), created: Math.floor(new Date(r.created_at).getTime() / 1000) })), total };
    },
    brands: (db: Kysely<DB>) => repo.brands(db),
    models: (db: Kysely<DB>, makeName: string) => repo.models(db, makeName),
    async groups(db: Kysely<DB>, vehicleId: number) {
      const vehicle = await vehicleOr404(db, vehicleId);
      return { vehicle, groups: await repo.groups(db, vehicleId) };
    },
    async subgroups(db: Kysely<DB>, vehicleId: number, groupId: number | undefined) {
      const vehicle = await vehicleOr404(db, vehicleId);
      const rows = await repo.subgroups(db, vehicleId, groupId);
      return { vehicle, subgroups: rows.map(({ vehicle_id: _v, ...s }) => s) };
    },
    async parts(db: Kysely<DB>, subgroupId: number) {
      const sg = await repo.subgroup(db, subgroupId);
      if (!sg) throw notFound(msg.subgroupNotFound);
      const { vehicle_id: vehicleId, ...subgroup } = sg;
      const [vehicle, parts] = await Promise.all([vehicleOr404(db, vehicleId), repo.parts(db, subgroupId)]);
      return { vehicle, subgroup, parts };
    },
    async searchParts(db: Kysely<DB>, vehicleId: number, k: string) {
      const vehicle = await vehicleOr404(db, vehicleId);
      const words = k.split(/\s+/).filter(Boolean);
      const oePrefix = k.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
      return { vehicle, parts: await repo.searchParts(db, vehicleId, words, oePrefix) };
    },
  };
};

export type VinService = ReturnType<typeof createVinService>;

// ---- 新车型 for the search pages (modules/search; docs/search.md, "New vehicles") ----

/** The months vehicles were added in (newest first, at most 12), and the chosen month's makes and vehicles. */
/** the newest vehicles of a month 新车型 lists (its makes' counts are whole); a catalogue loaded at once is a month of thousands */
export const NEW_VEHICLES_MAX = 100;

export const vehiclesAddedIn = async (db: Kysely<DB>, month: string, makeName: string) => {
  const months = await repo.addedMonths(db, 12);
  const chosen = month || months[0]?.month || '';
  if (!chosen) return { month: '', months, makes: [], vehicles: [] };
  const from = chinaMidnight(`${chosen}-01`);
  const [y, m] = chosen.split('-').map(Number);
  const before = chinaMidnight(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`);
  const [makes, vehicles] = await Promise.all([repo.addedMakes(db, from, before), repo.addedVehicles(db, from, before, makeName, NEW_VEHICLES_MAX)]);
  return { month: chosen, months, makes, vehicles: vehicles.map((v) => ({ ...v, created_at: Math.floor(new Date(v.created_at).getTime() / 1000) })) };
};
