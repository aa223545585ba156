import { DEFAULT_EXCHANGE_RATE_PKR } from '#shared/constants.ts';
import { EXCHANGE_RATE_URLS } from '#shared/external.ts';

/** The USD → PKR rate: where it is fetched from, how it is kept between visits and how its age reads. */
export interface TRates {
  USD: 1;
  PKR: number;
  /** ms since epoch of the last successful refresh; null when never updated. */
  updatedAt: number | null;
  source: string | null;
}

export const RATES_KEY = 'stayhub.exchangeRates';

const DEFAULT_RATES: TRates = { USD: 1, PKR: DEFAULT_EXCHANGE_RATE_PKR, updatedAt: null, source: null };

export function readStoredRates(): TRates {
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
