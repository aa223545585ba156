import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TStayQuote } from '../../../shared/schemas/booking.ts';
import { DATES_UNAVAILABLE } from '../../../shared/messages.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/**
 * The server's quote for the chosen stay (docs/features.md#operator-calendar): each night by the home's seasons and weekend price,
 * the same numbers the booking will be charged. While new dates load, the previous quote stays on screen.
 */
export function useStayQuote(
  propertyId: number,
  checkIn: string | null,
  checkOut: string | null,
): {
  quote: TStayQuote | null;
  error: string | null;
  /** The quote (or its failure) for these very dates is in; false while it, or a newer one, loads. */
  settled: boolean;
} {
  const enabled = Boolean(checkIn && checkOut && checkOut > checkIn);
  const query = useQuery({
    ...trpc.bookings.quote.queryOptions({
      propertyId,
      checkIn: checkIn ?? '',
      checkOut: checkOut ?? '',
    }),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
  if (!enabled) return { quote: null, error: null, settled: true };
  const settled = !query.isPending && !query.isPlaceholderData;
  if (query.isError)
    return { quote: null, error: errorMessage(query.error, 'Could not price these dates'), settled };
  const quote = query.data ?? null;
  return { quote, error: quote && !quote.available ? DATES_UNAVAILABLE : null, settled };
}
