import type { THomeScope } from '../../repositories/home-scope.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TLedgerTotals } from '#shared/money-facts.ts';
import type { TAdminPayments, TAdminPaymentsInput } from '#shared/schemas/payments.ts';
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
  return totalsOf({ ...r, status: r.booking_status }, [
    { kind: 'payment', amount: r.net },
    { kind: 'adjustment', amount: r.adjusted },
  ]);
}

export async function adminPaymentsCsv(
  em: EntityManager,
  input: TAdminPaymentsInput,
  homes: THomeScope = null,
): Promise<{ filename: string; csv: string }> {
  const page = await adminPayments(em, { ...input, page: 1, pageSize: 10_000 }, undefined, homes);
  return {
    filename: `payments-${input.view}-${new Date().toISOString().slice(0, 10)}.csv`,
    csv: toCsv(
      [
        'Booking',
        'BIC number',
        'Guest',
        'Home',
        'Check-in',
        'Booking status',
        'Amount (cents)',
        'Due / received',
        'Method',
        'Reference',
      ],
      page.items.map((i) => [
        i.bookingId,
        i.confirmationNumber,
        i.guestName,
        i.propertyTitle,
        i.checkIn,
        i.bookingStatus,
        i.amount,
        i.due,
        i.method,
        i.reference,
      ]),
    ),
  };
}
