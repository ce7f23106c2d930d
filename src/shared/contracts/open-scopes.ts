/**
 * What an API key may be granted (docs/open-platform.md, "Keys and signing"); a partner call names
 * the one it needs (EndpointDef.scope). Re-exported by open.ts.
 */
export const OPEN_SCOPES = ['company:read', 'stock:read', 'stock:write', 'orders:read', 'orders:write', 'quotes:read'] as const;
export type OpenScope = (typeof OPEN_SCOPES)[number];
