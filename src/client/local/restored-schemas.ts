/**
 * What a restored query cache is checked against (persist.ts): the answer schema of each persisted
 * query's call, by query key. Loaded when the stored cache is read back, not with the first page.
 */
import * as v from 'valibot';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
// the modules of the persisted calls only, not the whole endpoint table (it would put every schema in the entry)
import { companyLevelSchema, systemEndpoints } from '../../shared/contracts/system';
import { searchEndpoints } from '../../shared/contracts/search';
import { userEndpoints } from '../../shared/contracts/user';
import { historyEndpoints } from '../../shared/contracts/history';
import { cartEndpoints } from '../../shared/contracts/cart';
import { orderEndpoints } from '../../shared/contracts/orders';

const endpoints = { ...systemEndpoints, ...searchEndpoints, ...userEndpoints, ...historyEndpoints, ...cartEndpoints, ...orderEndpoints };

/**
 * The schema of each persisted query's data, by query key (see the features' queries.ts): the
 * answer schema of the call its queryFn makes. A query whose data has no schema here is neither
 * persisted nor restored: what is read back from storage is validated or not used.
 */
export const RESTORED_SCHEMAS: Readonly<Record<string, (key: readonly unknown[]) => v.GenericSchema | undefined>> = {
  config: () => endpoints.config.answer,
  ads: () => endpoints.getAdByCode.answer,
  profile: () => endpoints.userProfileGet.answer,
  // levelQuery keeps the first row of getCompanyLevel's answer, or null
  companyLevel: () => v.nullable(companyLevelSchema),
  quota: (key) => {
    switch (key[1]) {
      case 'stock': return endpoints.getStockCount.answer;
      case 'vin': return endpoints.getVinAvailable.answer;
      case 'employee': return endpoints.getEmployeeLimit.answer;
      default: return undefined;
    }
  },
  oeSearch: () => endpoints.oeSearch.answer,
  keywordSearch: () => endpoints.keywordSearch.answer,
  searchHistory: () => endpoints.keywordHistoryList.answer,
  // the cart opens offline from the copy last fetched (cartListQuery)
  cart: (key) => (key[1] === 'list' ? endpoints.cartList.answer : undefined),
  // an order already opened opens offline on the move, with the time it was fetched
  orders: (key) => (key[1] === 'detail' ? endpoints.orderRetrieve.answer : undefined),
};

const persistedQuery = v.looseObject({
  queryKey: v.array(v.unknown()),
  queryHash: v.string(),
  state: v.looseObject({ data: v.unknown(), dataUpdatedAt: v.number(), status: v.literal('success') }),
});

/**
 * Keeps the restored queries whose data matches the schema of their key and drops the rest with a
 * warning. Mutations are not restored: writes made offline go through the outbox, and a paused
 * mutation has no function to run after a reload.
 */
export const validateRestored = (client: PersistedClient | undefined): PersistedClient | undefined => {
  if (client === undefined) return undefined;
  const queries: unknown = (client as { clientState?: { queries?: unknown } }).clientState?.queries;
  if (!Array.isArray(queries)) {
    console.warn('qipeihub: dropped an unreadable query cache');
    return undefined;
  }
  const kept = queries.filter((q: unknown) => {
    const shape = v.safeParse(persistedQuery, q);
    if (!shape.success) {
      console.warn('qipeihub: dropped an unreadable restored query', shape.issues[0].message);
      return false;
    }
    const key = shape.output.queryKey;
    const schema = RESTORED_SCHEMAS[String(key[0])]?.(key);
    if (!schema) {
      console.warn('qipeihub: dropped a restored query without a schema', key);
      return false;
    }
    const data = v.safeParse(schema, shape.output.state.data);
    if (!data.success) {
      console.warn('qipeihub: dropped a restored query that does not match its schema', key, data.issues[0].message);
      return false;
    }
    return true;
  }) as PersistedClient['clientState']['queries'];
  return { ...client, clientState: { mutations: [], queries: kept } };
};

