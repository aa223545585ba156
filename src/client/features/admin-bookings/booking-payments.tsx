import { formatIsoDate } from '#shared/dates.ts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
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
import { useQuery } from '@tanstack/react-query';
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
import { BALANCE_CHARGE_FAILED } from '#shared/damage-deposit.ts';
import type { TBookingPayments } from '#shared/schemas/payments.ts';
import { DialogForm } from '../../components/dialog-form.tsx';
import { scrollable } from '../../components/scrollable-region.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { ledgerQuery, useAdjustBooking, useRecordPayment, useRefundPayment } from './api.ts';
import { DamageDepositSection } from './damage-deposit.tsx';

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

type TDialog = 'payment' | 'refund' | 'adjustment';

const DIALOG_TITLES: Record<TDialog, string> = {
  payment: 'Record payment',
  refund: 'Refund',
  adjustment: 'Add adjustment',
};

/** A ledger line as the drawer names it: an adjustment is a credit or a charge, not money moved. */
function entryLabel(l: TBookingPayments['lines'][number]): string {
  if (l.kind === 'adjustment') return l.amount < 0 ? 'Credit' : 'Charge';
  return `${l.kind === 'refund' ? 'Refund' : 'Payment'} · ${METHOD_LABELS[l.method]}`;
}

/**
 * The booking drawer's ledger (docs/payments.md#ledger): schedule, lines, totals, record a payment, refund,
 * adjust what the booking charges, and its invoice and credit notes (docs/invoices.md).
 */
export function BookingPayments({ bookingId }: { bookingId: number }) {
  const ledger = useQuery({ ...ledgerQuery(bookingId), staleTime: 0 });
  const [dialog, setDialog] = useState<TDialog | null>(null);
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
        <Group gap={4}>
          {d.balanceChargeFailed && (
            <Badge color="red.9" variant="light" data-testid="balance-charge-failed-badge">
              {BALANCE_CHARGE_FAILED}
            </Badge>
          )}
          <Badge color={STATUS_COLORS[d.totals.status]} data-testid="payment-status">
            {PAYMENT_STATUS_LABELS[d.totals.status]}
          </Badge>
        </Group>
      </Group>
      {d.balanceChargeFailed && (
        <Alert color="red" title="The balance could not be charged" data-testid="balance-charge-failed">
          The balance could not be charged to the saved card ({d.balanceChargeFailed.reason ?? 'refused'}).
          The guest was e-mailed a link to pay it.
        </Alert>
      )}
      {d.flaggedAt && (
        <Alert color="orange" title="Deposit overdue">
          The deposit was not paid by its deadline.
        </Alert>
      )}
      <Text size="sm">
        Deposit {money(d.schedule.deposit)} ({d.schedule.depositPercent}%) due at booking
        {d.schedule.balance > 0 && d.schedule.balanceDueOn
          ? `; balance ${money(d.schedule.balance)} due ${formatIsoDate(d.schedule.balanceDueOn, true)}`
          : ''}
        .
      </Text>
      <Group gap="lg">
        <Text size="sm">
          Charged <strong data-testid="ledger-charged">{money(d.totals.charged)}</strong>
        </Text>
        <Text size="sm">
          Paid <strong data-testid="ledger-paid">{money(d.totals.net)}</strong>
        </Text>
        <Text size="sm">
          Balance due <strong data-testid="ledger-balance">{money(d.totals.balanceDue)}</strong>
        </Text>
        {d.totals.adjustments !== 0 && (
          <Text size="sm">
            Adjustments <strong data-testid="ledger-adjustments">{money(d.totals.adjustments)}</strong>
          </Text>
        )}
        {d.totals.refundDue > 0 && (
          <Text size="sm">
            Refund due <strong>{money(d.totals.refundDue)}</strong>
          </Text>
        )}
      </Group>
      {d.lines.length > 0 && (
        <Table.ScrollContainer minWidth={360} scrollAreaProps={scrollable('Ledger')}>
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
                    {entryLabel(l)}
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
        {/* Dark enough for AA on its light background (Mantine's orange light is 3.6:1). */}
        {d.totals.net > 0 && (
          <Button size="xs" variant="light" color="#9a3412" onClick={() => setDialog('refund')}>
            Refund
          </Button>
        )}
        {d.bookingStatus !== 'requested' && d.bookingStatus !== 'declined' && (
          <>
            <Button size="xs" variant="light" color="gray" onClick={() => setDialog('adjustment')}>
              Add adjustment
            </Button>
            <Button
              size="xs"
              variant="subtle"
              component="a"
              href={`/api/admin/bookings/${bookingId}/invoice.pdf`}
              target="_blank"
            >
              {d.invoiceNumber ? `Invoice ${d.invoiceNumber}` : 'Invoice PDF'}
            </Button>
          </>
        )}
      </Group>
      {d.documents.some((doc) => doc.number !== d.invoiceNumber) && (
        <Group gap="xs" aria-label="Credit notes and later invoices">
          {d.documents
            .filter((doc) => doc.number !== d.invoiceNumber)
            .map((doc) => (
              <Anchor
                key={doc.number}
                size="xs"
                href={`/api/admin/bookings/${bookingId}/${doc.kind === 'credit_note' ? 'credit-notes' : 'invoices'}/${doc.number}.pdf`}
                target="_blank"
              >
                {doc.kind === 'credit_note' ? 'Credit note' : 'Invoice'} {doc.number} ({money(doc.total)})
              </Anchor>
            ))}
        </Group>
      )}
      <DamageDepositSection ledger={d} />
      <MoneyDialog kind={dialog} ledger={d} onClose={() => setDialog(null)} />
    </Stack>
  );
}

function MoneyDialog({
  kind,
  ledger,
  onClose,
}: {
  kind: TDialog | null;
  ledger: TBookingPayments;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState<string | number>('');
  const hasCard = ledger.lines.some((l) => l.method === 'card' && l.kind === 'payment');
  // Null until chosen: a refund defaults to the card a guest paid with. The Modal stays mounted (reset on
  // close), so Mantine returns focus to its opener inside the drawer.
  const [chosen, setMethod] = useState<string | null>(null);
  const method = chosen ?? (kind === 'refund' && hasCard ? 'card' : 'bank_transfer');
  const [text, setText] = useState('');
  const [goodwill, setGoodwill] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const [error, setError] = useState<string | null>(null);
  const onDone = (data: TBookingPayments) => {
    notifications.show({
      title:
        kind === 'refund'
          ? 'Refund recorded'
          : kind === 'adjustment'
            ? 'Adjustment recorded'
            : 'Payment recorded',
      message: `Balance due: ${formatMinor(data.totals.balanceDue)}`,
      color: 'green',
    });
    close();
  };
  const record = useRecordPayment({
    onDone,
    onError: (e) => setError(errorMessage(e, 'Failed to record the payment')),
  });
  const refund = useRefundPayment({ onDone, onError: (e) => setError(errorMessage(e, 'Failed to refund')) });
  const adjust = useAdjustBooking({
    onDone,
    onError: (e) => setError(errorMessage(e, 'Failed to record the adjustment')),
  });
  const close = () => {
    setAmount('');
    setText('');
    setGoodwill(false);
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
    else if (kind === 'adjustment')
      adjust.mutate({ id: ledger.bookingId, amount: cents, reason: text, requestId });
    else
      refund.mutate({
        id: ledger.bookingId,
        amount: cents,
        reason: text,
        method: method as TPaymentMethod,
        goodwill,
        requestId,
      });
  };
  const title = kind ? DIALOG_TITLES[kind] : '';
  return (
    <Modal opened={kind !== null} onClose={close} title={title} centered>
      <DialogForm onSubmit={submit} aria-label={title}>
        <Stack gap="sm">
          <Text size="sm">
            {kind === 'refund'
              ? `Paid so far: ${formatMinor(ledger.totals.net)}; refund due: ${formatMinor(ledger.totals.refundDue)}.`
              : kind === 'adjustment'
                ? `The booking charges ${formatMinor(ledger.totals.charged)}. A negative amount is a credit or discount; a positive one an extra charge.`
                : `Balance due: ${formatMinor(ledger.totals.balanceDue)}.`}
          </Text>
          <NumberInput
            label={`Amount (${ledger.schedule.currency})`}
            decimalScale={2}
            min={kind === 'adjustment' ? undefined : 0}
            allowNegative={kind === 'adjustment'}
            value={amount}
            onChange={setAmount}
            required
            data-autofocus
          />
          {kind !== 'adjustment' && (
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
          )}
          <TextInput
            label={kind === 'payment' ? 'Reference (optional)' : 'Reason'}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            required={kind !== 'payment'}
            maxLength={200}
          />
          {kind === 'refund' && (
            <Checkbox
              label="Goodwill: credit the booking as much, so nothing becomes due again"
              checked={goodwill}
              onChange={(e) => setGoodwill(e.currentTarget.checked)}
            />
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending || refund.isPending || adjust.isPending}>
              {kind === 'adjustment' ? 'Add adjustment' : title}
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </Modal>
  );
}
