import { Button, Group, Paper, Text } from '@mantine/core';
import type { TAdminBookingDetail } from '#shared/schemas/admin.ts';
import { answerByLabel } from '#shared/stay-status.ts';
import { useAnswerRequest } from './api.ts';

/**
 * A request to book awaiting the operator (docs/booking-operations.md#booking-modes): its deadline, and
 * Accept or Decline. Nothing shows for any other booking.
 */
export function RequestAnswer({ booking }: { booking: TAdminBookingDetail }) {
  const { accept, decline } = useAnswerRequest();
  if (booking.status !== 'requested') return null;
  const busy = accept.isPending || decline.isPending;
  return (
    // A bordered panel in the text colour: Mantine's light orange alert keeps under 4.5:1 for its title.
    <Paper withBorder p="sm" radius="md" data-testid="request-answer">
      <Text size="sm" fw={700}>
        Request to book
      </Text>
      <Text size="sm">
        {booking.respondBy
          ? `Answer by ${answerByLabel(booking.respondBy)}, or the request is declined by itself.`
          : 'This request awaits your answer.'}
      </Text>
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          color="#1e6b2e"
          loading={accept.isPending}
          disabled={busy}
          onClick={() => accept.mutate({ id: booking.id })}
        >
          Accept request
        </Button>
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          loading={decline.isPending}
          disabled={busy}
          onClick={() => decline.mutate({ id: booking.id })}
        >
          Decline request
        </Button>
      </Group>
    </Paper>
  );
}
