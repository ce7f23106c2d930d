import type { Handlers } from '../../http/mount';
import type { VinService } from './vin.service';

export const vinHandlers = (svc: VinService): Pick<Handlers, 'vinDecode' | 'getVehicleBrands' | 'getVehicleModels' | 'getVehicleGroups' | 'getVehicleSubgroups' | 'getVehicleParts' | 'searchVehicleParts'> => ({
  vinDecode: (p, ctx) => svc.decode(ctx.db, ctx.caller!, p.vin),
  getVehicleBrands: (_p, ctx) => svc.brands(ctx.db),
  getVehicleModels: (p, ctx) => svc.models(ctx.db, p.make_name),
  getVehicleGroups: (p, ctx) => svc.groups(ctx.db, p.vehicle_id),
  getVehicleSubgroups: (p, ctx) => svc.subgroups(ctx.db, p.vehicle_id, p.group_id),
  getVehicleParts: (p, ctx) => svc.parts(ctx.db, p.subgroup_id),
  searchVehicleParts: (p, ctx) => svc.searchParts(ctx.db, p.vehicle_id, p.k),
});
