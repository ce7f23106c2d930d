import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

/** Query keys of chat: the contact card of a user and the chat contact of a company. */
export const imKeys = {
  contact: (uuid: string) => ['im', 'contact', uuid] as const,
  companyContact: (companyId: number) => ['im', 'companyContact', companyId] as const,
};

export const contactQuery = (uuid: string) =>
  queryOptions({
    queryKey: imKeys.contact(uuid),
    queryFn: ({ signal }) => request('get', 'imContact', { uuid }, undefined, { signal, silent: true }),
    staleTime: 60_000,
  });

export const companyContactQuery = (companyId: number) =>
  queryOptions({
    queryKey: imKeys.companyContact(companyId),
    queryFn: ({ signal }) => request('get', 'imCompanyContact', { company_id: companyId }, undefined, { signal, silent: true }),
    staleTime: 10 * 60_000,
  });
