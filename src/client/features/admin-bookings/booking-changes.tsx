import { Button, Card, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatIsoDate } from '#shared/dates.ts';
import { partyLabel } from '#shared/labels.ts';
import type { TAdminBookingDetail } from '#shared/schemas/admin.ts';
import type { TChangeRequest } from '#shared/schemas/operator-bookings.ts';
import {
  ChangeBookingDialog,
  type TChangeTarget,
} from '../../components/operator-bookings/change-booking-dialog.tsx';
import { bookedParty } from '../../components/party-picker.tsx';
import { changeRequestsQuery, useAnswerChange } from './api.ts';

/**
 * The drawer's change part (docs/booking-operations.md): 'Change booking', and the guest's waiting change
 * request with Accept and Decline.
 */
export function BookingChangesPanel({ d }: { d: TAdminBookingDetail }) {
  const [target, setTarget] = useState<TChangeTarget | null>(null);
  const requests = useQuery(changeRequestsQuery(d.id));
  const waiting = requests.data?.find((r) => r.status === 'pending');
  return (
    <Stack gap="xs" mt="md" data-testid="booking-changes">
      <Divider />
      <Group justify="space-between" wrap="wrap">
        <Title order={3} fz={16}>
          Changes
        </Title>
        {d.status !== 'cancelled' && (
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              setTarget({
                id: d.id,
                confirmationNumber: d.confirmationNumber,
                propertyId: d.propertyId,
                propertyTitle: d.property.title,
                checkIn: d.checkIn,
                checkOut: d.checkOut,
                party: bookedParty(d),
              })
            }
          >
            Change booking
          </Button>
        )}
      </Group>
      {waiting ? (
        <WaitingRequest bookingId={d.id} request={waiting} />
      ) : (
        <Text size="sm" c="dimmed">
          No change request waiting
        </Text>
      )}
      <ChangeBookingDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}

function WaitingRequest({ bookingId, request }: { bookingId: number; request: TChangeRequest }) {
  const [reason, setReason] = useState('');
  const { accept, decline } = useAnswerChange();
  return (
    <Card withBorder padding="sm" data-testid="change-request">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          The guest asks for {formatIsoDate(request.checkIn, true)} – {formatIsoDate(request.checkOut, true)},{' '}
          {partyLabel(request)}
        </Text>
        {request.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            “{request.message}”
          </Text>
        )}
        <TextInput
          size="xs"
          label="Reason (sent to the guest when declining)"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group gap="xs">
          <Button
            size="xs"
            loading={accept.isPending}
            onClick={() => accept.mutate({ id: bookingId, requestId: request.id })}
          >
            Accept change
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={decline.isPending}
            onClick={() =>
              decline.mutate({
                id: bookingId,
                requestId: request.id,
                ...(reason.trim() ? { reason: reason.trim() } : {}),
              })
            }
          >
            Decline
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
