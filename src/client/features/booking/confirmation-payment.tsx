import { Alert, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TPayChoice } from '#shared/checkout-search.ts';
import { bankSentence, dueNow, methodsSentence, scheduleSentence } from '#shared/payment-terms.ts';
import { formatMinor } from '#shared/payments.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { bookingPaymentsQuery, usePayBooking } from './api.ts';

/**
 * After booking (docs/payments.md#what-each-surface-states): the deposit due now and the balance with its
 * date, the methods offered, the bank transfer instructions when bank transfer is offered, and 'Pay now'
 * (what is due now, by card) when card is offered. A guest who chose to pay without a card at checkout
 * (`chosen`) is not offered the card again here: it stays on the booking's page for a change of mind.
 */
export function ConfirmationPayment({ token, chosen }: { token: string; chosen?: TPayChoice | undefined }) {
  const payments = useQuery(bookingPaymentsQuery(token));
  const pay = usePayBooking();
  const [error, setError] = useState<string | null>(null);
  const d = payments.data;
  if (!d) return null;
  const money = (minor: number) => formatMinor(minor, d.schedule.currency);
  const due = dueNow(d.totals);
  const card = d.schedule.methods.includes('card');
  const methods = methodsSentence(d.schedule.methods);
  const withoutCard = chosen === 'bank_transfer' || chosen === 'pay_on_arrival';
  const start = async (part: 'deposit' | 'balance') => {
    setError(null);
    try {
      const r = await pay.mutateAsync({ token, part, method: 'card' });
      if (r.checkoutUrl) window.location.assign(r.checkoutUrl);
    } catch (err) {
      setError(errorMessage(err, 'The payment could not be started. Please try again.'));
    }
  };
  return (
    <Alert variant="light" color="blue" title="Payment" data-testid="confirmation-payment">
      <Text size="sm" data-testid="confirmation-schedule">
        {scheduleSentence(d.schedule, money, 'now')}
      </Text>
      {methods && (
        <Text size="sm" mt="xs" data-testid="confirmation-methods">
          {methods}
        </Text>
      )}
      {d.schedule.bankInstructions && (
        <Text size="sm" mt="xs" data-testid="confirmation-bank">
          {bankSentence(d.schedule.bankInstructions, d.confirmationNumber)}
        </Text>
      )}
      {card && due && withoutCard && (
        <Text size="sm" mt="xs" data-testid="confirmation-choice">
          {chosen === 'bank_transfer' ? 'You chose bank transfer.' : 'You chose to pay on arrival.'} You can
          still pay by card from your booking&apos;s page.
        </Text>
      )}
      {card && due && !withoutCard && (
        <Button size="xs" mt="xs" onClick={() => void start(due.part)} loading={pay.isPending}>
          Pay now ({money(due.amount)})
        </Button>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Alert>
  );
}
