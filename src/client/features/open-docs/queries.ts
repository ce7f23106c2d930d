import { queryOptions } from '@tanstack/react-query';

/** where the server serves the partner API's document and its reference (docs/open-platform.md, "The document") */
export const PARTNER_DOCUMENT = '/api/open/v1/openapi.json';
export const PARTNER_REFERENCE = '/api/open/v1/docs';

export interface PartnerCall {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  scope: string;
  tag: string;
}

/** Query keys of the /open guide. */
export const openDocsKeys = {
  partnerCalls: () => ['open-docs', 'partner-calls'] as const,
};

type Operation = { operationId?: string; summary?: string; tags?: string[]; 'x-scope'?: string };

/** the partner calls, read from the document the server builds from the endpoint table (so the guide's list never drifts) */
export const partnerCallsQuery = () =>
  queryOptions({
    queryKey: openDocsKeys.partnerCalls(),
    queryFn: async ({ signal }): Promise<PartnerCall[]> => {
      const res = await fetch(PARTNER_DOCUMENT, { signal });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const doc = (await res.json()) as { paths?: Record<string, Record<string, Operation>> };
      return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => ({
          operationId: op.operationId ?? '', method: method.toUpperCase(), path, summary: op.summary ?? '', scope: op['x-scope'] ?? '', tag: op.tags?.[0] ?? '',
        })),
      );
    },
    staleTime: 10 * 60_000,
  });
