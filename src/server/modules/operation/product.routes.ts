import type { Handlers } from '../../http/mount';
import type { ProductService } from './product.service';
import type { BrandCleanService } from './brand-clean.service';

type Names = 'getRecommendProducts' | 'opProductRecommendList' | 'opProductRecommendSave' | 'opProductList' | 'opProductOffSale' | 'opProductOnSale' | 'opBrandList' | 'opBrandSave' | 'opBrandSetActive' | 'opBrandMerge' | 'opBrandUnmerge' | 'opBrandMergeList' | 'opBrandDuplicates'
  | 'opMakeList' | 'opMakeSave' | 'opMakeSetActive';

export const opProductHandlers = (svc: ProductService, brands: BrandCleanService): Pick<Handlers, Names> => ({
  getRecommendProducts: (_p, ctx) => svc.recommendPublic(ctx.db),
  opProductRecommendList: (_p, ctx) => svc.recommendList(ctx.db),
  opProductRecommendSave: (p, ctx) => svc.recommendSave(ctx.db, ctx.caller!, p.ids),
  opProductList: (p, ctx) => svc.list(ctx.db, p),
  opProductOffSale: (p, ctx) => svc.offSale(ctx.db, ctx.caller!, p),
  opProductOnSale: (p, ctx) => svc.onSale(ctx.db, ctx.caller!, p),
  opBrandList: (p, ctx) => svc.brandList(ctx.db, p),
  opBrandSave: (p, ctx) => svc.saveBrand(ctx.db, ctx.caller!, p),
  opBrandSetActive: (p, ctx) => svc.setBrandsActive(ctx.db, ctx.caller!, p),
  opBrandMerge: (p, ctx) => brands.merge(ctx.db, ctx.caller!, p),
  opBrandUnmerge: (p, ctx) => brands.unmerge(ctx.db, ctx.caller!, p.id),
  opBrandMergeList: (p, ctx) => brands.list(ctx.db, p),
  opBrandDuplicates: (_p, ctx) => svc.brandDuplicates(ctx.db),
  opMakeList: (p, ctx) => svc.makeList(ctx.db, p),
  opMakeSave: (p, ctx) => svc.saveMake(ctx.db, ctx.caller!, p),
  opMakeSetActive: (p, ctx) => svc.setMakesActive(ctx.db, ctx.caller!, p),
});
