import { notFound, redirect } from '@tanstack/react-router';
import { guardedBy, type RouterContext } from '../../lib/router-guard';
import { shopIdSearchSchema, parseShopId, type ShopTab } from './shop-search';

interface BeforeLoadArgs { context: RouterContext; location: { pathname: string; href: string } }

const signedIn = guardedBy({ auth: true });

/** beforeLoad of /company/{id} and /company/m/{id}: signed in, and an id of digits. */
export const shopBeforeLoad = (args: BeforeLoadArgs & { params: { id: string } }) => {
  signedIn(args);
  if (parseShopId(args.params.id) === null) throw notFound();
};

/**
 * /company, /company/m and the spec's /company/{exhibition|factory|product|video}?id= (and the
 * /company/m/ ones): the tab of the shop page; without an id, the caller's own shop, or the
 * company directory when the caller's company sells nothing.
 */
export const shopAlias = (tab: ShopTab, mobile: boolean) => ({
  validateSearch: shopIdSearchSchema,
  beforeLoad: (args: BeforeLoadArgs & { search: { id?: number } }) => {
    signedIn(args);
    const user = args.context.session.user;
    const id = args.search.id ?? (user?.is_seller ? user.company_id : undefined);
    if (id === undefined) throw redirect({ to: '/search/company', replace: true });
    throw redirect({ to: mobile ? '/company/m/$id' : '/company/$id', params: { id: String(id) }, search: { tab }, replace: true });
  },
});
