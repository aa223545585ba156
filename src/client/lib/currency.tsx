import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { EXCHANGE_REFRESH_MS } from '#shared/constants.ts';
import { convertAmount, convertStay, formatMoney, type TConvertedStay } from '#shared/money.ts';
import { fetchPkrRate, lastUpdatedLabel, RATES_KEY, readStoredRates, type TRates } from './exchange-rates.ts';

export type TCurrency = 'USD' | 'PKR';
export const CURRENCIES: readonly TCurrency[] = ['USD', 'PKR'];

const CURRENCY_KEY = 'stayhub.currency';

export interface TCurrencyContext {
  currency: TCurrency;
  setCurrency: (c: TCurrency) => void;
  rates: TRates;
  /** Converts a whole-dollar amount to the chosen currency and formats it. */
  format: (usd: number) => string;
  /**
   * A stay in the chosen currency, line by line (docs/money.md): show its amounts with `show`, never a
   * converted total of its own, so the lines and the total agree.
   */
  stay: (nightPrices: readonly number[], tax: number, lines?: readonly number[]) => TConvertedStay;
  /** Formats an amount already in the chosen currency (from `stay`). */
  show: (amount: number) => string;
  /** '1 USD = 279.85 PKR' */
  rateLabel: string;
  lastUpdated: string;
  refresh: () => Promise<void>;
  refreshing: boolean;
  /** How the last refresh in this tab went: null before any attempt. */
  lastRefresh: 'ok' | 'failed' | null;
}

const CurrencyContext = createContext<TCurrencyContext | null>(null);

function readStoredCurrency(): TCurrency | null {
  // The server's first screen knows no visitor's choice: the default currency, until the app renders.
  if (import.meta.env.SSR) return null;
  const stored = localStorage.getItem(CURRENCY_KEY);
  return stored === 'PKR' || stored === 'USD' ? stored : null;
}

export function CurrencyProvider({
  children,
  enableRefresh,
  defaultCurrency,
}: {
  children: ReactNode;
  enableRefresh: boolean;
  /** Settings → Primary Currency: what a visitor sees until they choose one themselves. */
  defaultCurrency?: string | undefined;
}) {
  const [rates, setRates] = useState<TRates>(readStoredRates);
  const [chosen, setChosen] = useState<TCurrency | null>(readStoredCurrency);
  const currency: TCurrency = chosen ?? (defaultCurrency === 'PKR' ? 'PKR' : 'USD');
  const [refreshing, setRefreshing] = useState(false);
  const [lastRefresh, setLastRefresh] = useState<'ok' | 'failed' | null>(null);

  // Every price on the page reads this context: its updates are transitions, which React renders in
  // slices, so a refresh never holds a phone's main thread for a whole re-render.
  const refresh = useCallback(async () => {
    startTransition(() => setRefreshing(true));
    try {
      const found = await fetchPkrRate();
      if (!found) {
        startTransition(() => setLastRefresh('failed'));
        console.warn('Exchange rates: every service failed; keeping the last stored rates.');
        return;
      }
      const next: TRates = { USD: 1, PKR: found.rate, updatedAt: Date.now(), source: found.source };
      localStorage.setItem(RATES_KEY, JSON.stringify(next));
      startTransition(() => {
        setLastRefresh('ok');
        setRates(next);
      });
    } finally {
      startTransition(() => setRefreshing(false));
    }
  }, []);

  useEffect(() => {
    if (!enableRefresh) return;
    // First refresh right after mount (not during it), then every 4 hours.
    const first = setTimeout(() => void refresh(), 0);
    const timer = setInterval(() => void refresh(), EXCHANGE_REFRESH_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [enableRefresh, refresh]);

  const setCurrency = useCallback((c: TCurrency) => {
    localStorage.setItem(CURRENCY_KEY, c);
    setChosen(c);
  }, []);

  const value = useMemo<TCurrencyContext>(
    () => ({
      currency,
      setCurrency,
      rates,
      format: (usd: number) => formatMoney(convertAmount(usd, currency, rates.PKR), currency),
      stay: (nightPrices: readonly number[], tax: number, lines?: readonly number[]) =>
        convertStay({ nightPrices, tax, lines }, currency, rates.PKR),
      show: (amount: number) => formatMoney(amount, currency),
      rateLabel: `1 USD = ${rates.PKR.toFixed(2)} PKR`,
      lastUpdated: lastUpdatedLabel(rates.updatedAt),
      refresh,
      refreshing,
      lastRefresh,
    }),
    [currency, setCurrency, rates, refresh, refreshing, lastRefresh],
  );
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): TCurrencyContext {
  const ctx = useContext(CurrencyContext);
  if (!ctx) throw new Error('useCurrency must be used within a CurrencyProvider');
  return ctx;
}
