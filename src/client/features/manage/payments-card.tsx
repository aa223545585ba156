import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { damageDepositSentence } from '#shared/deposit-terms.ts';
import { dueNow, methodsSentence, scheduleSentence } from '#shared/payment-terms.ts';
import { formatMinor, PAYMENT_STATUS_LABELS, type TPayPart } from '#shared/payments.ts';
import type { TPayResult } from '#shared/schemas/payments.ts';
import { ChargesList } from '../../components/charges-list.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { bookingPaymentsQuery, usePayBooking } from './api/booking.ts';
import { PaymentReturn } from './payment-return.tsx';

/**
 * The guest's payments on the manage page (docs/payments.md#guest): the schedule, what is paid and due,
 * Pay deposit / Pay balance (Stripe Checkout when card is offered), the bank transfer instructions, the
 * invoice and any credit notes (docs/invoices.md). `bookingStatus` refetches it when the booking changes (a cancellation's refund).
 */
export function PaymentsCard({ token, bookingStatus }: { token: string; bookingStatus: string }) {
  const payments = useQuery(bookingPaymentsQuery(token));
  const { refetch } = payments;
  useEffect(() => {
    void refetch();
  }, [bookingStatus, refetch]);
  const pay = usePayBooking();
  const [answer, setAnswer] = useState<TPayResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Nothing is asked for until a request is accepted (docs/booking-operations.md#payments).
  if (!payments.data || bookingStatus === 'requested') return null;
  const d = payments.data;
  const money = (n: number) => formatMinor(n, d.schedule.currency);
  const start = async (part: TPayPart, method?: 'card' | 'bank_transfer') => {
    setError(null);
    try {
      const result = await pay.mutateAsync({ token, part, method });
      if (result.checkoutUrl) window.location.assign(result.checkoutUrl);
      else setAnswer(result);
    } catch (err) {
      setError(errorMessage(err, 'The payment could not be started. Please try again.'));
    }
  };
  const card = d.schedule.methods.includes('card');
  const bank = d.schedule.methods.includes('bank_transfer');
  const open = d.bookingStatus !== 'cancelled';
  // What is due now: the deposit while it is unpaid, then the balance; never the total on its own.
  const due = open ? dueNow(d.totals) : null;
  const methods = methodsSentence(d.schedule.methods);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      mt="lg"
      data-testid="payments-card"
      component="section"
      aria-labelledby="payments-title"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz={20} id="payments-title">
            Payments
          </Title>
          <Badge
            data-testid="guest-payment-status"
            color={d.totals.status === 'paid' ? 'green' : 'gray'}
            variant="light"
          >
            {PAYMENT_STATUS_LABELS[d.totals.status]}
          </Badge>
        </Group>
        <PaymentReturn token={token} />
        <ChargesList lines={d.charges} total={d.totals.charged} currency={d.schedule.currency} />
        <Text size="sm" data-testid="guest-schedule">
          {scheduleSentence(d.schedule, money, 'at booking')}
        </Text>
        {open && methods && <Text size="sm">{methods}</Text>}
        {d.damageDeposit && (
          <Text size="sm" data-testid="guest-damage-deposit">
            {damageDepositSentence(d.damageDeposit, money)}
          </Text>
        )}
        <Group gap="xl">
          <Text size="sm">
            Paid <strong data-testid="guest-paid">{money(d.totals.net)}</strong>
          </Text>
          <Text size="sm">
            Due <strong data-testid="guest-due">{money(d.totals.balanceDue)}</strong>
          </Text>
          {d.totals.refundDue > 0 && (
            <Text size="sm">
              Refund due to you <strong>{money(d.totals.refundDue)}</strong>
            </Text>
          )}
        </Group>
        {open && d.refundOnCancel !== null && d.totals.net > 0 && (
          <Text size="sm" c="dimmed" data-testid="refund-on-cancel">
            If you cancel now, you get back {money(d.refundOnCancel)} of what you paid.
          </Text>
        )}
        {due && (
          <Group gap="xs">
            {card && (
              <Button onClick={() => void start(due.part, 'card')} loading={pay.isPending}>
                {due.part === 'balance'
                  ? `Pay balance (${money(due.amount)})`
                  : d.schedule.balance > 0
                    ? `Pay deposit (${money(due.amount)})`
                    : `Pay in full (${money(due.amount)})`}
              </Button>
            )}
            {bank && (
              <Button variant="default" onClick={() => void start(due.part, 'bank_transfer')}>
                Pay by bank transfer
              </Button>
            )}
          </Group>
        )}
        {answer?.instructions && (
          <Alert color="blue" variant="light" title="Bank transfer" data-testid="bank-instructions">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {answer.instructions}
            </Text>
            {answer.dueOn && <Text size="sm">Due by {answer.dueOn}.</Text>}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group gap="xs">
          {bookingStatus !== 'requested' && bookingStatus !== 'declined' && (
            <Button
              component="a"
              variant="subtle"
              size="xs"
              href={`/api/bookings/manage/${encodeURIComponent(token)}/invoice.pdf`}
              target="_blank"
              rel="noopener"
            >
              Download invoice (PDF)
            </Button>
          )}
          {d.documents
            .filter((doc) => doc.number !== d.invoiceNumber)
            .map((doc) => (
              <Button
                key={doc.number}
                component="a"
                variant="subtle"
                size="xs"
                href={`/api/bookings/manage/${encodeURIComponent(token)}/${doc.kind === 'credit_note' ? 'credit-notes' : 'invoices'}/${doc.number}.pdf`}
                target="_blank"
                rel="noopener"
              >
                {doc.kind === 'credit_note' ? 'Credit note' : 'Invoice'} {doc.number} (PDF)
              </Button>
            ))}
        </Group>
      </Stack>
    </Card>
  );
}
