import type { Handlers } from '../../http/mount';
import { AppError } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import type { OpenService } from './open.service';

type Names = 'openKeyList' | 'openKeyCreate' | 'openKeyRotate' | 'openKeyRevoke' | 'openCallLog' | 'openCompanyGet'
  | 'opOpenKeyList' | 'opOpenKeyRevoke' | 'opOpenCallLog' | 'opOpenBundleList' | 'opOpenBundleSave' | 'opOpenBundleRemove' | 'opOpenLevelList' | 'opOpenLevelSave';

export const openHandlers = (svc: OpenService): Pick<Handlers, Names> => ({
  openKeyList: (_p, ctx) => svc.list(ctx.db, ctx.caller!),
  openKeyCreate: (p, ctx) => svc.create(ctx.db, ctx.caller!, p),
  openKeyRotate: (p, ctx) => svc.rotate(ctx.db, ctx.caller!, p.key_id),
  openKeyRevoke: (p, ctx) => svc.revoke(ctx.db, ctx.caller!, p.key_id),
  openCallLog: (p, ctx) => svc.callLog(ctx.db, ctx.caller!, p),
  openCompanyGet: (_p, ctx) => {
    if (!ctx.open) throw new AppError(ResultCode.notLoggedIn, 401, '请使用接口密钥签名调用');
    return svc.company(ctx.db, ctx.open.companyId);
  },
  opOpenKeyList: (p, ctx) => svc.opKeys(ctx.db, p),
  opOpenKeyRevoke: (p, ctx) => svc.opRevoke(ctx.db, ctx.caller!, p.key_id),
  opOpenCallLog: (p, ctx) => svc.opCalls(ctx.db, p),
  opOpenBundleList: (_p, ctx) => svc.bundles(ctx.db),
  opOpenBundleSave: (p, ctx) => svc.saveBundle(ctx.db, ctx.caller!, p),
  opOpenBundleRemove: (p, ctx) => svc.removeBundle(ctx.db, ctx.caller!, p.id),
  opOpenLevelList: (_p, ctx) => svc.levels(ctx.db),
  opOpenLevelSave: (p, ctx) => svc.saveLevel(ctx.db, ctx.caller!, p),
});
