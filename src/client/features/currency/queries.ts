import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { request } from '../../api/request';
import { exchangeRateSchema } from '../../../shared/contracts/exchange';
import { effectiveCurrency } from '../../../shared/domain/currency';
import { useLang } from '../../i18n/lang';
import { formatMoneyIn } from '../../i18n/format';
import { useCurrency } from './currency-store';

export const VND_TXT = '越南盾';

/** The last rates fetched, in localStorage (key qph-exchange-rates), so prices convert offline too. */
const STORE_KEY = 'qph-exchange-rates';
const storedSchema = v.object({ at: v.number(), rates: v.array(exchangeRateSchema) });

export const readStoredRates = (): v.InferOutput<typeof storedSchema> | undefined => {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(STORE_KEY);
    if (raw === null) return undefined;
    const parsed = v.safeParse(storedSchema, JSON.parse(raw));
    if (parsed.success) return parsed.output;
  } catch {
    // unreadable JSON or blocked storage: treated as nothing stored
  }
  console.warn('dropped unreadable stored exchange rates', raw);
  try {
    localStorage.removeItem(STORE_KEY);
  } catch {
    // storage blocked: nothing to clean up
  }
  return undefined;
};

/** Query keys of the currency switch. */
export const currencyKeys = {
  rates: () => ['exchange-rates', VND_TXT] as const,
};

export const exchangeRatesQuery = () =>
  queryOptions({
    queryKey: currencyKeys.rates(),
    queryFn: async ({ signal }) => {
      const rates = await request('get', 'getExchangerateList', { to_curr_txt: VND_TXT }, undefined, { signal });
      try {
        localStorage.setItem(STORE_KEY, JSON.stringify({ at: Date.now(), rates }));
      } catch {
        // storage full or blocked: the rate still holds for this session
      }
      return rates;
    },
    initialData: () => readStoredRates()?.rates,
    initialDataUpdatedAt: () => readStoredRates()?.at,
    staleTime: 30 * 60_000,
  });

/** The dong rate from the list, undefined until known (prices then stay in yuan). */
export const useVndRate = (): number | undefined =>
  useQuery(exchangeRatesQuery()).data?.find((r) => r.to_curr_code === 'VND')?.rate_value;

/** Formats fen in the chosen currency, written for the page's language; re-renders when the choice, the rate or the language changes. */
export const useMoney = () => {
  const chosen = useCurrency();
  const rate = useVndRate();
  const lang = useLang();
  return { currency: effectiveCurrency(chosen, rate), format: (fen: number | null | undefined) => formatMoneyIn(lang, fen, chosen, rate) };
};
