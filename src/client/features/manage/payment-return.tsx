import { Alert, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatIsoDate } from '#shared/dates.ts';
import { formatMinor, PAY_PARTS, type TPayPart } from '#shared/payments.ts';
import type { TBookingPayments } from '#shared/schemas/payments.ts';
import { readOneOf } from '#shared/url-search.ts';
import { bookingPaymentsQuery } from './api/booking.ts';

/** How often the page asks again while Stripe's webhook has not arrived, and for how long at most. */
const POLL_MS = 2_000;
const POLL_FOR_MS = 120_000;

/** What Stripe's return URL says (docs/checkout.md#return): `?payment=done&part=…` or `?payment=cancelled`. */
function readReturn(): { kind: 'done'; part: TPayPart } | { kind: 'cancelled' } | null {
  if (typeof window === 'undefined') return null;
  const params = new URLSearchParams(window.location.search);
  const payment = params.get('payment');
  if (payment === 'cancelled') return { kind: 'cancelled' };
  if (payment !== 'done') return null;
  return { kind: 'done', part: readOneOf(PAY_PARTS, params.get('part')) ?? 'full' };
}

/** The part paid at Stripe is still due in the ledger: the webhook that records it has not come yet. */
function stillDue(d: TBookingPayments | undefined, part: TPayPart): boolean {
  if (!d) return true;
  return part === 'deposit' ? d.totals.depositDue > 0 : d.totals.balanceDue > 0;
}

/**
 * Back from Stripe Checkout on the manage page: 'Payment processing' while the ledger does not show the
 * payment yet (the manage query is asked again every two seconds), then 'Paid', as the webhook recorded
 * it. The page never takes Stripe's redirect as proof of payment (docs/payments.md#webhook).
 */
export function PaymentReturn({ token }: { token: string }) {
  const [returned] = useState(readReturn);
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  const payments = useQuery({
    ...bookingPaymentsQuery(token),
    refetchInterval: (query) =>
      returned?.kind === 'done' && !expired && stillDue(query.state.data, returned.part) ? POLL_MS : false,
  });
  const d = payments.data;
  if (!returned || !d) return null;
  if (returned.kind === 'cancelled')
    return (
      <Alert color="gray" variant="light" title="Payment cancelled" data-testid="payment-return">
        Nothing was charged. You can pay below whenever you are ready.
      </Alert>
    );
  if (stillDue(d, returned.part))
    return (
      <Alert color="blue" variant="light" data-testid="payment-return">
        <div role="status">
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" aria-hidden />
            <Text fw={600} size="sm">
              Payment processing
            </Text>
          </Group>
          <Text size="sm" mt={4}>
            {!expired
              ? 'Thank you. Your payment is being confirmed and will show here shortly.'
              : 'Your payment is taking longer than usual to confirm. We will e-mail you as soon as it arrives.'}
          </Text>
        </div>
      </Alert>
    );
  const money = (minor: number) => formatMinor(minor, d.schedule.currency);
  return (
    <Alert color="green" variant="light" data-testid="payment-return">
      <div role="status">
        <Text fw={600} size="sm">
          Paid
        </Text>
        <Text size="sm" mt={4}>
          {d.totals.balanceDue > 0
            ? `Thank you: your deposit is paid. The balance, ${money(d.totals.balanceDue)}, is due${d.schedule.balanceDueOn ? ` by ${formatIsoDate(d.schedule.balanceDueOn, true)}` : ''}.`
            : 'Thank you: your booking is paid in full.'}
        </Text>
      </div>
    </Alert>
  );
}
