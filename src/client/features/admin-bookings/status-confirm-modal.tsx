import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { TBookingStatus } from '../../../shared/constants.ts';
import type { TAdminBooking } from '../../../shared/schemas/admin.ts';

export interface TPendingStatusChange {
  status: Exclude<TBookingStatus, 'pending'>;
  bookings: TAdminBooking[];
}

/**
 * The confirm step before a status change (issue 17): it names every booking it will change, so a cancel
 * can never happen in one click. A local piece until the shared admin confirm modal lands.
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
    <Modal opened={change !== null} onClose={onClose} title={title} centered>
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep as is
            </Button>
            <Button color={cancel ? 'red' : undefined} loading={busy} onClick={onConfirm}>
              {cancel ? 'Cancel bookings' : 'Confirm bookings'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
