import { toMajor } from '#shared/money.ts';
import type { THomeScope } from '../../repositories/home-scope.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAdminBookingFilter } from '#shared/schemas/admin.ts';
import { exportAdminBookingRows } from '../../repositories/admin-bookings.ts';
import { AppError } from '../../errors.ts';
import { toCsv } from './csv.ts';

/** More rows than this is a backup, not an export: narrow the filter. */
export const EXPORT_MAX_ROWS = 50_000;

const HEADER = [
  'ID',
  'Confirmation number',
  'Property',
  'Property ID',
  'Guest',
  'Email',
  'Phone',
  'Country',
  'Special Requests',
  'Check In',
  'Check Out',
  'Guests',
  'Nights',
  'Nightly Price',
  'Tax Rate %',
  'Tax',
  'Total',
  'Status',
  'Created At',
] as const;

/** The filtered bookings as CSV: the table's columns plus contact details and the price snapshot. */
export async function exportBookingsCsv(
  em: EntityManager,
  filter: TAdminBookingFilter,
  today = new Date(),
  homes: THomeScope = null,
): Promise<{ filename: string; rows: number; csv: string }> {
  const rows = await exportAdminBookingRows(em, { ...filter, homes }, EXPORT_MAX_ROWS + 1);
  if (rows.length > EXPORT_MAX_ROWS) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `More than ${EXPORT_MAX_ROWS.toLocaleString('en-US')} bookings match: narrow the filter to export them.`,
    );
  }
  const csv = toCsv(
    HEADER,
    rows.map((b) => [
      b.id,
      b.confirmation_number,
      b.property_title,
      b.property_id,
      b.contact_info?.name ?? b.user_name ?? b.user_username ?? '',
      b.contact_info?.email ?? '',
      b.contact_info?.phone ?? '',
      b.contact_info?.country ?? '',
      b.contact_info?.specialRequests ?? '',
      b.check_in,
      b.check_out,
      b.guests,
      b.nights,
      // Currency units, as the REST answers carry them: the snapshot keeps cents.
      toMajor(b.nightly_price),
      Number(b.tax_rate),
      toMajor(b.tax_amount),
      toMajor(b.total_price),
      b.status,
      new Date(b.created_at).toISOString(),
    ]),
  );
  return { filename: `bookings-${today.toISOString().slice(0, 10)}.csv`, rows: rows.length, csv };
}
