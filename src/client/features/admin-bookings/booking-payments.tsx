import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  formatMinor,
  MANUAL_METHODS,
  METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type TManualMethod,
  type TPaymentMethod,
} from '#shared/payments.ts';
import { toMinor } from '#shared/money.ts';
import type { TBookingPayments } from '#shared/schemas/payments.ts';
import { DialogForm } from '../../components/dialog-form.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

const STATUS_COLORS = {
  unpaid: 'gray',
  deposit_paid: 'blue',
  paid: 'green',
  refund_due: 'orange',
  refunded: 'teal',
} as const;

/** Dollars as typed (up to 2 decimals) → cents; NaN for anything else. */
function toCents(v: string | number): number {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? toMinor(n) : Number.NaN;
}

function newRequestId(): string {
  return `ui-${crypto.randomUUID()}`;
}

/** The booking drawer's ledger (docs/payments.md#ledger): schedule, lines, totals, record a payment, refund. */
export function BookingPayments({ bookingId }: { bookingId: number }) {
  const ledger = useQuery(trpc.payments.booking.queryOptions({ id: bookingId }, { staleTime: 0 }));
  const [dialog, setDialog] = useState<'payment' | 'refund' | null>(null);
  if (ledger.isError)
    return (
      <Alert color="red" title="Failed to load payments">
        {errorMessage(ledger.error, 'Please try again later.')}
      </Alert>
    );
  if (!ledger.data) return <Loader size="sm" role="status" aria-label="Loading payments" />;
  const d = ledger.data;
  const money = (n: number) => formatMinor(n, d.schedule.currency);
  return (
    <Stack gap="xs" mt="lg" data-testid="booking-payments">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Payments
        </Title>
        <Badge color={STATUS_COLORS[d.totals.status]} data-testid="payment-status">
          {PAYMENT_STATUS_LABELS[d.totals.status]}
        </Badge>
      </Group>
      {d.flaggedAt && (
        <Alert color="orange" title="Deposit overdue">
          The deposit was not paid by its deadline.
        </Alert>
      )}
      <Text size="sm">
        Deposit {money(d.schedule.deposit)} ({d.schedule.depositPercent}%) due at booking
        {d.schedule.balance > 0 && d.schedule.balanceDueOn
          ? `; balance ${money(d.schedule.balance)} due ${d.schedule.balanceDueOn}`
          : ''}
        .
      </Text>
      <Group gap="lg">
        <Text size="sm">
          Paid <strong data-testid="ledger-paid">{money(d.totals.net)}</strong>
        </Text>
        <Text size="sm">
          Balance due <strong data-testid="ledger-balance">{money(d.totals.balanceDue)}</strong>
        </Text>
        {d.totals.refundDue > 0 && (
          <Text size="sm">
            Refund due <strong>{money(d.totals.refundDue)}</strong>
          </Text>
        )}
      </Group>
      {d.lines.length > 0 && (
        <Table.ScrollContainer minWidth={360}>
          <Table fz="xs" aria-label="Ledger">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Entry</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.occurredAt.slice(0, 10)}</Table.Td>
                  <Table.Td>
                    {l.kind === 'refund' ? 'Refund' : 'Payment'} · {METHOD_LABELS[l.method]}
                    {l.reference ? ` · ${l.reference}` : ''}
                    {l.reason ? ` · ${l.reason}` : ''}
                  </Table.Td>
                  <Table.Td>{(l.kind === 'refund' ? '−' : '') + money(l.amount)}</Table.Td>
                  <Table.Td>{l.recordedByName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group gap="xs">
        {d.bookingStatus !== 'cancelled' && d.bookingStatus !== 'requested' && d.totals.balanceDue > 0 && (
          <Button size="xs" variant="light" onClick={() => setDialog('payment')}>
            Record payment
          </Button>
        )}
        {d.totals.net > 0 && (
          <Button size="xs" variant="light" color="orange" onClick={() => setDialog('refund')}>
            Refund
          </Button>
        )}
        <Button
          size="xs"
          variant="subtle"
          component="a"
          href={`/api/admin/bookings/${bookingId}/receipt.pdf`}
          target="_blank"
        >
          Invoice PDF
        </Button>
      </Group>
      <MoneyDialog kind={dialog} ledger={d} onClose={() => setDialog(null)} />
    </Stack>
  );
}

function MoneyDialog({
  kind,
  ledger,
  onClose,
}: {
  kind: 'payment' | 'refund' | null;
  ledger: TBookingPayments;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState<string | number>('');
  const hasCard = ledger.lines.some((l) => l.method === 'card' && l.kind === 'payment');
  // Null until chosen: a refund defaults to the card a guest paid with. The Modal stays mounted (reset on
  // close), so Mantine returns focus to its opener inside the drawer.
  const [chosen, setMethod] = useState<string | null>(null);
  const method = chosen ?? (kind === 'refund' && hasCard ? 'card' : 'bank_transfer');
  const [text, setText] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const [error, setError] = useState<string | null>(null);
  const done = async (data: TBookingPayments) => {
    queryClient.setQueryData(trpc.payments.booking.queryKey({ id: ledger.bookingId }), data);
    await queryClient.invalidateQueries(trpc.admin.activity.pathFilter());
    notifications.show({
      title: kind === 'refund' ? 'Refund recorded' : 'Payment recorded',
      message: `Balance due: ${formatMinor(data.totals.balanceDue)}`,
      color: 'green',
    });
    close();
  };
  const record = useMutation(
    trpc.payments.record.mutationOptions({
      onSuccess: done,
      onError: (e) => setError(errorMessage(e, 'Failed to record the payment')),
    }),
  );
  const refund = useMutation(
    trpc.payments.refund.mutationOptions({
      onSuccess: done,
      onError: (e) => setError(errorMessage(e, 'Failed to refund')),
    }),
  );
  const close = () => {
    setAmount('');
    setText('');
    setError(null);
    setMethod(null);
    setRequestId(newRequestId());
    onClose();
  };
  const methods: TPaymentMethod[] =
    kind === 'refund' && hasCard ? ['card', ...MANUAL_METHODS] : [...MANUAL_METHODS];
  const submit = () => {
    setError(null);
    const cents = toCents(amount);
    if (kind === 'payment')
      record.mutate({
        id: ledger.bookingId,
        amount: cents,
        method: method as TManualMethod,
        reference: text || undefined,
        requestId,
      });
    else
      refund.mutate({
        id: ledger.bookingId,
        amount: cents,
        reason: text,
        method: method as TPaymentMethod,
        requestId,
      });
  };
  return (
    <Modal
      opened={kind !== null}
      onClose={close}
      title={kind === 'refund' ? 'Refund' : 'Record payment'}
      centered
    >
      <DialogForm onSubmit={submit} aria-label={kind === 'refund' ? 'Refund' : 'Record payment'}>
        <Stack gap="sm">
          <Text size="sm">
            {kind === 'refund'
              ? `Paid so far: ${formatMinor(ledger.totals.net)}; refund due: ${formatMinor(ledger.totals.refundDue)}.`
              : `Balance due: ${formatMinor(ledger.totals.balanceDue)}.`}
          </Text>
          <NumberInput
            label={`Amount (${ledger.schedule.currency})`}
            decimalScale={2}
            min={0}
            value={amount}
            onChange={setAmount}
            required
            data-autofocus
          />
          <Select
            label="Method"
            data={(kind === 'refund' && hasCard && !methods.includes(method as TPaymentMethod)
              ? [...methods]
              : methods
            ).map((m) => ({ value: m, label: m === 'card' ? 'Card (through Stripe)' : METHOD_LABELS[m] }))}
            value={method}
            onChange={(v) => setMethod(v ?? 'bank_transfer')}
            allowDeselect={false}
          />
          <TextInput
            label={kind === 'refund' ? 'Reason' : 'Reference (optional)'}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            required={kind === 'refund'}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending || refund.isPending}>
              {kind === 'refund' ? 'Refund' : 'Record payment'}
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </Modal>
  );
}
