import { Alert, Button, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMinor } from '#shared/payments.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/**
 * After booking (docs/payments.md#guest): what is due now, with 'Pay now' when card is offered, or the
 * bank transfer instructions and the due date.
 */
export function ConfirmationPayment({ token }: { token: string }) {
  const payments = useQuery(trpc.payments.manage.queryOptions({ token }));
  const pay = useMutation(trpc.payments.pay.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const d = payments.data;
  if (!d || d.totals.balanceDue === 0) return null;
  const due = d.totals.depositDue;
  const card = d.schedule.methods.includes('card');
  const start = async () => {
    setError(null);
    try {
      const r = await pay.mutateAsync({ token, part: 'deposit', method: 'card' });
      if (r.checkoutUrl) window.location.assign(r.checkoutUrl);
    } catch (err) {
      setError(errorMessage(err, 'The payment could not be started. Please try again.'));
    }
  };
  return (
    <Alert variant="light" color="blue" title="Payment" data-testid="confirmation-payment">
      <Text size="sm">
        {formatMinor(due, d.schedule.currency)} is due now
        {d.schedule.balance > 0 && d.schedule.balanceDueOn
          ? `, and ${formatMinor(d.schedule.balance, d.schedule.currency)} by ${d.schedule.balanceDueOn}`
          : ''}
        .
      </Text>
      {d.schedule.bankInstructions && (
        <Text size="sm" mt="xs">
          {d.schedule.bankInstructions} Reference: {d.confirmationNumber}.
        </Text>
      )}
      {card && due > 0 && (
        <Button size="xs" mt="xs" onClick={() => void start()} loading={pay.isPending}>
          Pay now
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
