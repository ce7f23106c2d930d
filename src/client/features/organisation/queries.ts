import { queryOptions } from '@tanstack/react-query';
import type { CompanyContact, PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';

// apart from the page: the route's loader uses it while the route tree loads
export const enterpriseKeys = {
  get: () => ['settings', 'enterprise'] as const,
  contacts: () => ['org', 'contacts'] as const,
  contactList: (keyword: string) => ['org', 'contacts', keyword] as const,
  employees: () => ['org', 'employees'] as const,
  employeeList: (p: PayloadIn<'employeeList'>) => ['org', 'employees', p] as const,
  makes: () => ['reference', 'makes'] as const,
  /** 所在汽配城 (docs/platform-settings.md#autoparts-markets) */
  autopartsCity: () => ['settings', 'autoparts-city'] as const,
};
export const enterpriseQuery = () =>
  queryOptions({ queryKey: enterpriseKeys.get(), queryFn: ({ signal }) => request('get', 'enterpriseGet', {}, undefined, { signal }) });

const matches = (c: CompanyContact, keyword: string) =>
  !keyword || [c.name, c.phone, c.qq, c.wechat, c.position].some((s) => s.toLowerCase().includes(keyword.toLowerCase()));

/** The call answers the whole (short) list; the keyword filters it in the page. */
export const contactListQuery = (keyword: string) =>
  queryOptions({
    queryKey: enterpriseKeys.contactList(keyword),
    queryFn: async ({ signal }) => {
      const all = await request('get', 'contactList', {}, undefined, { signal });
      const data = all.filter((c) => matches(c, keyword));
      return { data, total: data.length, all: all.length };
    },
  });

export const employeeListQuery = (p: PayloadIn<'employeeList'>) =>
  queryOptions({ queryKey: enterpriseKeys.employeeList(p), queryFn: ({ signal }) => request('get', 'employeeList', p, undefined, { signal }) });

export const makesQuery = () =>
  queryOptions({ queryKey: enterpriseKeys.makes(), queryFn: ({ signal }) => request('get', 'getMakes', {}, undefined, { signal }), staleTime: 3600_000 });

/** The part brands named like `keyword`, for the 主营品牌 suggestions (not cached). */
export const searchPartBrands = (keyword: string) =>
  request('get', 'getPartBrands', { keyword, page_number: 1, page_size: 20 }, undefined, { silent: true });

/** The company's 汽配城 and the enabled ones it may choose (docs/platform-settings.md#autoparts-markets). */
export const myAutopartsCityQuery = () =>
  queryOptions({ queryKey: enterpriseKeys.autopartsCity(), queryFn: ({ signal }) => request('get', 'myAutopartsCity', {}, undefined, { signal }) });
