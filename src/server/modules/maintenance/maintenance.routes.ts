import type { Handlers } from '../../http/mount';
import { pathId } from '../../http/path-id';
import type { MaintenanceService } from './maintenance.service';

type Names = 'maintenancePackageList' | 'maintenancePackageGet' | 'maintenancePackageCreate' | 'maintenancePackageUpdate'
  | 'maintenancePackageSetActive' | 'maintenancePackageDelete' | 'shopMaintenancePackages';

const packageId = (id: string | undefined) => pathId(id, '保养套餐');

export const maintenanceHandlers = (svc: MaintenanceService): Pick<Handlers, Names> => ({
  maintenancePackageList: (p, ctx) => svc.list(ctx.db, ctx.caller!, p),
  maintenancePackageGet: (_p, ctx) => svc.get(ctx.db, ctx.caller!, packageId(ctx.id)),
  maintenancePackageCreate: (p, ctx) => svc.create(ctx.db, ctx.caller!, p),
  maintenancePackageUpdate: (p, ctx) => svc.update(ctx.db, ctx.caller!, packageId(ctx.id), p),
  maintenancePackageSetActive: (p, ctx) => svc.setActive(ctx.db, ctx.caller!, p),
  maintenancePackageDelete: (_p, ctx) => svc.remove(ctx.db, ctx.caller!, packageId(ctx.id)),
  shopMaintenancePackages: (p, ctx) => svc.forBuyer(ctx.db, ctx.caller!, p),
});
