import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { toMinor } from '#shared/money.ts';
import { formatMinor, MANUAL_METHODS, METHOD_LABELS, type TManualMethod } from '#shared/payments.ts';
import { DAMAGE_DEPOSIT_STATUS_LABELS } from '#shared/damage-deposit.ts';
import type { TBookingPayments } from '#shared/schemas/payments.ts';
import { DialogForm } from '../../components/dialog-form.tsx';
import { useNestedDialog } from '../../lib/nested-dialogs.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { useDepositClaim, useDepositReceived, useDepositReturned } from './api.ts';

type TDialog = 'claim' | 'received';

/**
 * The booking drawer's damage deposit (docs/payments.md#damage-deposit): where it stands, 'Claim from
 * deposit' while it is held or received, and, without a card, recording it received and returned.
 */
export function DamageDepositSection({ ledger }: { ledger: TBookingPayments }) {
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const d = ledger.damageDeposit;
  const returned = useDepositReturned({
    onDone: () =>
      notifications.show({
        message: d?.status === 'held' ? 'Deposit hold released' : 'Deposit recorded as returned',
        color: 'green',
      }),
    onError: (e) => setError(errorMessage(e, 'Failed to return the deposit')),
  });
  if (!d) return null;
  const money = (n: number) => formatMinor(n, ledger.schedule.currency);
  const live = !['cancelled', 'declined', 'requested'].includes(ledger.bookingStatus);
  const canReceive = live && !d.byCard && (d.status === 'due' || d.status === 'hold_failed');
  const canReturn =
    d.status === 'held' || d.status === 'received' || (d.status === 'claimed' && !d.settledAt);
  return (
    <Stack gap={6} data-testid="damage-deposit">
      <Group justify="space-between">
        <Title order={4} size="h6" ref={heading} tabIndex={-1}>
          Damage deposit {money(d.amount)}
        </Title>
        <Badge
          variant="light"
          color={d.status === 'hold_failed' ? 'red' : 'gray'}
          data-testid="deposit-status"
        >
          {DAMAGE_DEPOSIT_STATUS_LABELS[d.status]}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        Not part of the price: only a claim is charged.{' '}
        {d.status === 'due' &&
          (d.byCard
            ? 'It is held on the guest’s saved card before arrival and released after check-out.'
            : 'No card is saved: record it when you receive it.')}
        {d.status === 'hold_failed' &&
          `The card refused the hold (${d.error ?? 'declined'}): take it by hand.`}
      </Text>
      {d.claimedAmount > 0 && (
        <Text size="sm" data-testid="deposit-claim">
          Claimed {money(d.claimedAmount)}: {d.claimReason}
          {d.settledAt ? `; ${money(d.amount - d.claimedAmount)} returned or released` : ''}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group gap="xs">
        {d.claimable > 0 && live && (
          <Button size="xs" variant="light" color="#9a3412" onClick={() => setDialog('claim')}>
            Claim from deposit
          </Button>
        )}
        {canReceive && (
          <Button size="xs" variant="light" onClick={() => setDialog('received')}>
            Record deposit received
          </Button>
        )}
        {canReturn && (
          <Button
            size="xs"
            variant="subtle"
            loading={returned.isPending}
            onClick={() => {
              setError(null);
              returned.mutate({ id: ledger.bookingId });
            }}
          >
            {d.status === 'held' ? 'Release hold now' : 'Record deposit returned'}
          </Button>
        )}
      </Group>
      <DepositDialog
        kind={dialog}
        ledger={ledger}
        onClose={() => setDialog(null)}
        // Its opener is gone once it is done (nothing left to claim or receive): the deposit's heading takes focus.
        afterDone={() => heading.current?.focus()}
      />
    </Stack>
  );
}

/** Dollars as typed (up to 2 decimals) → cents; NaN for anything else. */
function toCents(v: string | number): number {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? toMinor(n) : Number.NaN;
}

const TITLES: Record<TDialog, string> = { claim: 'Claim from deposit', received: 'Record deposit received' };

function DepositDialog({
  kind,
  ledger,
  onClose,
  afterDone,
}: {
  kind: TDialog | null;
  ledger: TBookingPayments;
  onClose: () => void;
  afterDone: () => void;
}) {
  const [amount, setAmount] = useState<string | number>('');
  const [text, setText] = useState('');
  const [method, setMethod] = useState<TManualMethod>('bank_transfer');
  const [error, setError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  // Escape closes this dialog only, not the drawer under it.
  useNestedDialog(kind !== null);
  const claimable = ledger.damageDeposit?.claimable ?? 0;
  const close = () => {
    setAmount('');
    setText('');
    setMethod('bank_transfer');
    setError(null);
    onClose();
  };
  const onDone = () => {
    notifications.show({
      message:
        kind === 'claim' ? 'Claim recorded; guest and you are e-mailed' : 'Deposit recorded as received',
      color: 'green',
    });
    setSucceeded(true);
    close();
  };
  const claim = useDepositClaim({
    onDone,
    onError: (e) => setError(errorMessage(e, 'Failed to claim from the deposit')),
  });
  const received = useDepositReceived({
    onDone,
    onError: (e) => setError(errorMessage(e, 'Failed to record the deposit')),
  });
  const submit = () => {
    setError(null);
    if (kind === 'claim') claim.mutate({ id: ledger.bookingId, amount: toCents(amount), reason: text });
    else received.mutate({ id: ledger.bookingId, method, reference: text || undefined });
  };
  const title = kind ? TITLES[kind] : '';
  // Stays mounted (reset on close), so Mantine returns focus to the button that opened it.
  return (
    <Modal
      opened={kind !== null}
      onClose={close}
      title={title}
      centered
      returnFocus={!succeeded}
      onExitTransitionEnd={() => {
        if (!succeeded) return;
        setSucceeded(false);
        afterDone();
      }}
    >
      <DialogForm onSubmit={submit} aria-label={title}>
        <Stack gap="sm">
          {kind === 'claim' ? (
            <>
              <Text size="sm">
                Up to {formatMinor(claimable, ledger.schedule.currency)}. The amount is charged as damage; the
                rest of the deposit goes back to the guest. Both of you are e-mailed.
              </Text>
              <NumberInput
                label={`Amount (${ledger.schedule.currency})`}
                decimalScale={2}
                min={0}
                max={claimable / 100}
                clampBehavior="none"
                value={amount}
                onChange={setAmount}
                required
                data-autofocus
              />
            </>
          ) : (
            <Select
              label="Received by"
              data={MANUAL_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
              value={method}
              onChange={(v) => setMethod(v ?? 'bank_transfer')}
              allowDeselect={false}
              data-autofocus
            />
          )}
          <TextInput
            label={kind === 'claim' ? 'Reason' : 'Reference (optional)'}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            required={kind === 'claim'}
            maxLength={200}
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
            <Button type="submit" loading={claim.isPending || received.isPending}>
              {kind === 'claim' ? 'Claim' : 'Record received'}
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </Modal>
  );
}
