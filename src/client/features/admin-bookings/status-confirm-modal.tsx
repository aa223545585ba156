import { List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { operatorRefundSentence } from '#shared/payment-terms.ts';
import { formatMinor } from '#shared/payments.ts';
import type { TAdminBooking } from '#shared/schemas/admin.ts';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.tsx';
import { ledgerQuery } from './api.ts';

export interface TPendingStatusChange {
  status: 'confirmed' | 'cancelled';
  bookings: TAdminBooking[];
}

/**
 * The confirm step before a status change (docs/features.md#admin-back-office): it names every booking it will change, so a cancel
 * can never happen in one click.
 */
export function StatusConfirmModal({
  change,
  busy,
  onConfirm,
  onClose,
}: {
  change: TPendingStatusChange | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const cancel = change?.status === 'cancelled';
  const n = change?.bookings.length ?? 0;
  const title = cancel
    ? `Cancel ${n === 1 ? 'this booking' : `${n} bookings`}?`
    : `Confirm ${n === 1 ? 'this booking' : `${n} bookings`}?`;
  return (
    <ConfirmDeleteModal
      opened={change !== null}
      title={title}
      onClose={onClose}
      onConfirm={onConfirm}
      loading={busy}
      confirmLabel={cancel ? 'Cancel bookings' : 'Confirm bookings'}
      cancelLabel="Keep as is"
      tone={cancel ? 'danger' : 'primary'}
      centered
    >
      {change && (
        <Stack gap="md">
          <Text size="sm">
            {cancel
              ? 'The guests lose their stay and the dates become free. These bookings will be cancelled:'
              : 'These bookings will be confirmed:'}
          </Text>
          <List size="sm" spacing={4} data-testid="status-confirm-list">
            {change.bookings.map((b) => (
              <List.Item key={b.id}>
                #{b.id} · {b.confirmationNumber} · {b.contactInfo?.name ?? b.user?.name ?? 'Guest'} ·{' '}
                {b.property.title}
              </List.Item>
            ))}
          </List>
          {cancel && <CancelRefund bookings={change.bookings} />}
        </Stack>
      )}
    </ConfirmDeleteModal>
  );
}

/**
 * What an operator's cancel gives back (docs/payments.md#cancellation): it keeps no fee, so what was paid
 * is refunded, card payments through Stripe at once and the rest by hand. One booking's figures are the
 * payments answer's (`cancelRefund`, from the money facts); for several, the rule.
 */
function CancelRefund({ bookings }: { bookings: TAdminBooking[] }) {
  const only = bookings.length === 1 ? bookings[0] : undefined;
  const ledger = useQuery({
    ...ledgerQuery(only?.id ?? 0),
    enabled: only !== undefined,
  });
  if (!only)
    return (
      <Text size="sm" data-testid="cancel-refund">
        Everything each guest paid is refunded: card payments through Stripe at once, the rest is yours to pay
        back and record.
      </Text>
    );
  const d = ledger.data;
  if (!d?.cancelRefund) return null;
  return (
    <Text size="sm" data-testid="cancel-refund">
      {operatorRefundSentence(d.cancelRefund, (minor) => formatMinor(minor, d.schedule.currency))}
    </Text>
  );
}
