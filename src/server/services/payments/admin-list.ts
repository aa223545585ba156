import type { THomeScope } from '../../repositories/home-scope.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TLedgerTotals } from '#shared/money-facts.ts';
import type { TAdminPayments, TAdminPaymentsInput } from '#shared/schemas/payments.ts';
import { toMajor } from '#shared/money.ts';
import { listPayments, paymentTotals } from '../../repositories/payments.ts';
import { toCsv } from '../admin/csv.ts';
import { totalsOf } from './ledger.ts';

/** The admin Payments page (docs/payments.md#admin): one view a page, with the range's totals. */
export async function adminPayments(
  em: EntityManager,
  input: TAdminPaymentsInput,
  now = new Date(),
  homes: THomeScope = null,
): Promise<TAdminPayments> {
  const [rows, totals] = await Promise.all([
    listPayments(em, { ...input, now }, homes),
    paymentTotals(em, input, homes),
  ]);
  return {
    items: rows.map((r) => {
      const totals = totalsOfRow(r);
      return {
        bookingId: r.booking_id,
        confirmationNumber: r.confirmation_number,
        guestName: r.guest_name,
        propertyTitle: r.property_title,
        checkIn: r.check_in,
        bookingStatus: r.booking_status,
        // The SQL only chose and ordered the rows; what is owed is the money-facts module's.
        amount:
          input.view === 'received'
            ? r.amount
            : input.view === 'refunds_due'
              ? totals.refundDue
              : totals.balanceDue,
        due: r.due,
        method: r.method,
        reference: r.reference,
        status: totals.status,
      };
    }),
    total: rows[0]?.total_count ?? 0,
    page: input.page,
    pageSize: input.pageSize,
    totals,
  };
}

function totalsOfRow(r: {
  net: number;
  adjusted: number;
  total_amount: number;
  deposit_amount: number;
  booking_status: string;
  cancellation_fee: number | null;
}): TLedgerTotals {
  const totals = totalsOf({ ...r, status: r.booking_status }, [
    { kind: 'payment', amount: r.net },
    { kind: 'adjustment', amount: r.adjusted },
  ]);
  // A stay with nothing to charge (an owner's own) owes nothing: it reads as paid, not unpaid.
  return r.total_amount === 0 && totals.net === 0 ? { ...totals, status: 'paid' } : totals;
}

/** The payments CSV's columns: amounts in currency units with their currency, days at the home. */
const PAYMENTS_CSV_HEADER = [
  'Booking',
  'Confirmation number',
  'Guest',
  'Home',
  'Check-in',
  'Booking status',
  'Amount',
  'Currency',
  'Due / received',
  'Method',
  'Reference',
] as const;

/** More rows than the page ever asks for: the export is the whole filtered view. */
const CSV_MAX_ROWS = 10_000;

export async function adminPaymentsCsv(
  em: EntityManager,
  input: TAdminPaymentsInput,
  homes: THomeScope = null,
  now = new Date(),
): Promise<{ filename: string; csv: string }> {
  const rows = await listPayments(em, { ...input, page: 1, pageSize: CSV_MAX_ROWS, now }, homes);
  return {
    filename: `payments-${input.view}-${now.toISOString().slice(0, 10)}.csv`,
    csv: toCsv(
      PAYMENTS_CSV_HEADER,
      rows.map((r) => [
        r.booking_id,
        r.confirmation_number,
        r.guest_name,
        r.property_title,
        r.check_in,
        r.booking_status,
        // Two decimals as a spreadsheet reads money: 123.40, not 123.4.
        toMajor(Number(r.amount)).toFixed(2),
        r.currency,
        r.day,
        r.method,
        r.reference,
      ]),
    ),
  };
}
