import type { Handlers } from '../../http/mount';
import type { VoucherService } from './voucher.service';

type Names = 'voucherCenter' | 'voucherClaim' | 'voucherMine' | 'voucherCheckout' | 'voucherTemplates' | 'voucherTemplateCreate' | 'voucherTemplateStop'
  | 'voucherUses' | 'opVoucherTemplates' | 'opVoucherCreate' | 'opVoucherStop' | 'opVoucherRecord';

export const voucherHandlers = (svc: VoucherService): Pick<Handlers, Names> => ({
  voucherCenter: (_p, ctx) => svc.center(ctx.db, ctx.caller!),
  voucherClaim: (p, ctx) => svc.claim(ctx.db, ctx.caller!, p.template_id),
  voucherMine: (p, ctx) => svc.mine(ctx.db, ctx.caller!, p),
  voucherCheckout: (p, ctx) => svc.checkout(ctx.db, ctx.caller!, p),
  voucherTemplates: (p, ctx) => svc.templates(ctx.db, ctx.caller!, p),
  voucherTemplateCreate: (p, ctx) => svc.sellerCreate(ctx.db, ctx.caller!, p),
  voucherTemplateStop: (p, ctx) => svc.sellerStop(ctx.db, ctx.caller!, p.id),
  voucherUses: (p, ctx) => svc.uses(ctx.db, ctx.caller!, p),
  opVoucherTemplates: (p, ctx) => svc.opTemplates(ctx.db, p),
  opVoucherCreate: (p, ctx) => svc.opCreate(ctx.db, ctx.caller!, p),
  opVoucherStop: (p, ctx) => svc.opStop(ctx.db, ctx.caller!, p.id),
  opVoucherRecord: (p, ctx) => svc.opRecord(ctx.db, p),
});
