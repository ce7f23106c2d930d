import type { Handlers } from '../../http/mount';
import type { SellerApplyService } from './seller-apply.service';

export const sellerApplyHandlers = (svc: SellerApplyService): Pick<Handlers, 'sellerApplyMine' | 'sellerApplySubmit' | 'sellerApplyList' | 'sellerApplyApprove' | 'sellerApplyReject'> => ({
  sellerApplyMine: (_p, ctx) => svc.mine(ctx.db, ctx.caller!),
  sellerApplySubmit: (p, ctx) => svc.submit(ctx.db, ctx.caller!, { ...p, note: p.note ?? '', licence_images: p.licence_images ?? [] }),
  sellerApplyList: (p, ctx) => svc.list(ctx.db, { state: p.state ?? '', k: p.k ?? '', page_number: p.page_number, page_size: p.page_size }),
  sellerApplyApprove: (p, ctx) => svc.approve(ctx.db, ctx.caller!, p.id, ctx),
  sellerApplyReject: (p, ctx) => svc.reject(ctx.db, ctx.caller!, p.id, p.reason, ctx),
});
