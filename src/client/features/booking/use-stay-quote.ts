import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TStayQuote } from '#shared/schemas/booking.ts';
import { DATES_TAKEN, DATES_UNAVAILABLE } from '#shared/messages.ts';
import { stayQuoteInput } from '#shared/pricing.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { stayQuoteQuery } from './api.ts';

/**
 * The server's quote for the chosen stay (docs/features.md#operator-calendar): each night by the home's seasons and weekend price,
 * the same numbers the booking will be charged, and whether it may be booked (every stay rule, capacity with the party). While new dates load, the previous quote stays on screen.
 */
export function useStayQuote(
  propertyId: number,
  checkIn: string | null,
  checkOut: string | null,
  party?: { adults: number; children: number; infants: number; pets: number },
): {
  quote: TStayQuote | null;
  error: string | null;
  /** The quote (or its failure) for these very dates is in; false while it, or a newer one, loads. */
  settled: boolean;
} {
  const enabled = Boolean(checkIn && checkOut && checkOut > checkIn);
  const query = useQuery({
    ...stayQuoteQuery(stayQuoteInput(propertyId, checkIn ?? '', checkOut ?? '', party)),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
  if (!enabled) return { quote: null, error: null, settled: true };
  const settled = !query.isPending && !query.isPlaceholderData;
  if (query.isError)
    return { quote: null, error: errorMessage(query.error, 'Could not price these dates'), settled };
  const quote = query.data ?? null;
  // The server's own reason (the booking's refusal); taken nights keep the card's wording for them.
  const reason = quote?.reason === DATES_TAKEN ? DATES_UNAVAILABLE : (quote?.reason ?? DATES_UNAVAILABLE);
  return { quote, error: quote && !quote.available ? reason : null, settled };
}
