import { List, Stack, Text } from '@mantine/core';
import type { TAdminBooking } from '#shared/schemas/admin.ts';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.tsx';

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
        </Stack>
      )}
    </ConfirmDeleteModal>
  );
}
