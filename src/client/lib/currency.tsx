import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_EXCHANGE_RATE_PKR, EXCHANGE_REFRESH_MS } from '../../shared/constants.ts';
import { EXCHANGE_RATE_URLS } from '../../shared/external.ts';
import { formatMoney } from '../../shared/money.ts';

export type TCurrency = 'USD' | 'PKR';

export interface TRates {
  USD: 1;
  PKR: number;
  /** ms since epoch of the last successful refresh; null when never updated. */
  updatedAt: number | null;
  source: string | null;
}

const RATES_KEY = 'stayhub.exchangeRates';
const CURRENCY_KEY = 'stayhub.currency';

const DEFAULT_RATES: TRates = { USD: 1, PKR: DEFAULT_EXCHANGE_RATE_PKR, updatedAt: null, source: null };

function readStoredRates(): TRates {
  try {
    const raw = localStorage.getItem(RATES_KEY);
    if (!raw) return DEFAULT_RATES;
    const parsed = JSON.parse(raw) as Partial<TRates>;
    if (typeof parsed.PKR !== 'number' || !(parsed.PKR > 0)) return DEFAULT_RATES;
    return { USD: 1, PKR: parsed.PKR, updatedAt: parsed.updatedAt ?? null, source: parsed.source ?? null };
  } catch {
    return DEFAULT_RATES;
  }
}

/** Reads a PKR rate from `rates` or `conversion_rates`, as the spec's three services answer. */
export function pkrRateFrom(body: unknown): number | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { rates?: Record<string, unknown>; conversion_rates?: Record<string, unknown> };
  const rate = b.rates?.PKR ?? b.conversion_rates?.PKR;
  return typeof rate === 'number' && rate > 0 ? rate : undefined;
}

/** Tries each rate service in order; the first that yields a PKR rate wins. */
export async function fetchPkrRate(
  fetchImpl: typeof fetch = fetch,
): Promise<{ rate: number; source: string } | undefined> {
  for (const url of EXCHANGE_RATE_URLS) {
    try {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(8000) });
      if (!res.ok) continue;
      const rate = pkrRateFrom(await res.json());
      if (rate) return { rate, source: new URL(url).host };
    } catch {
      // Next service.
    }
  }
  return undefined;
}

/** 'Today at 3:04 PM', 'Yesterday at …', a full date, or 'Never updated'. */
export function lastUpdatedLabel(updatedAt: number | null, now = new Date()): string {
  if (!updatedAt) return 'Never updated';
  const d = new Date(updatedAt);
  const time = d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (updatedAt >= startOfToday) return `Today at ${time}`;
  if (updatedAt >= startOfToday - 86_400_000) return `Yesterday at ${time}`;
  return d.toLocaleString('en-US', { dateStyle: 'full', timeStyle: 'short' });
}

export interface TCurrencyContext {
  currency: TCurrency;
  setCurrency: (c: TCurrency) => void;
  rates: TRates;
  /** Converts a whole-dollar amount to the chosen currency and formats it. */
  format: (usd: number) => string;
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

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      const found = await fetchPkrRate();
      if (!found) {
        setLastRefresh('failed');
        console.warn('Exchange rates: every service failed; keeping the last stored rates.');
        return;
      }
      setLastRefresh('ok');
      const next: TRates = { USD: 1, PKR: found.rate, updatedAt: Date.now(), source: found.source };
      localStorage.setItem(RATES_KEY, JSON.stringify(next));
      setRates(next);
    } finally {
      setRefreshing(false);
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
      format: (usd: number) => formatMoney(currency === 'PKR' ? usd * rates.PKR : usd, currency),
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
