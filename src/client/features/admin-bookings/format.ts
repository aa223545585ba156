import { formatIsoDate, isValidIsoDate } from '#shared/dates.ts';
import { errorMessage, errorStatus } from '../../lib/trpc.ts';

/** Short month, day and year, or 'N/A' (docs/product.md#admin-bookings). */
export function bookingDate(value: string | null | undefined): string {
  return value && isValidIsoDate(value) ? formatIsoDate(value, true) : 'N/A';
}

/** The list failure texts (docs/product.md#admin-validation). */
export function bookingsListError(err: unknown, directAdmin: boolean): string {
  if (errorStatus(err) === 401) return 'Authentication required';
  return directAdmin
    ? `Failed to fetch bookings: ${errorMessage(err, 'Unknown error')}`
    : 'Failed to fetch bookings';
}
