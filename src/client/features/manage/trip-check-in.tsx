import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import { MountOnFirstOpen } from '../../components/mount-on-first-open.tsx';
import { manageQuery } from './api/booking.ts';

// The form's code (and the check-in schema) load when the guest opens it, not with the trip page.
const CheckInDialog = lazy(() => import('./check-in-dialog.tsx'));

/**
 * Online check-in on the trip page (docs/check-in.md): the form in a dialog (from the manage link only),
 * what was given once done with the signed agreement's PDF, and the door code, which the server sends only
 * once it may show; before that its note says where and when it will appear.
 */
export function TripCheckIn({ booking, token }: { booking: TManagedBooking; token: string | undefined }) {
  const c = booking.onlineCheckIn;
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  return (
    <Card
      withBorder
      radius="md"
      component="section"
      aria-labelledby="trip-check-in-title"
      data-testid="online-check-in"
    >
      <Stack gap="xs">
        <Title order={2} fz="md" id="trip-check-in-title">
          Online check-in
        </Title>
        {c.done ? (
          <>
            <Text size="sm" data-testid="check-in-done">
              You checked in online{c.arrivalTime ? `; you arrive at ${c.arrivalTime}` : ''}.
              {c.adults.length > 0 ? ` Guests: ${c.adults.join(', ')}.` : ''}
            </Text>
            {c.signedName && token && (
              <Anchor
                href={`/api/bookings/manage/${token}/agreement.pdf`}
                target="_blank"
                size="sm"
                data-testid="agreement-pdf"
              >
                Download the signed rental agreement (PDF)
              </Anchor>
            )}
          </>
        ) : token ? (
          <Group justify="space-between" align="center">
            <Text size="sm">
              Tell us when you arrive and who is coming{c.agreement ? ', and sign the rental agreement' : ''}.
            </Text>
            <Button onClick={() => setOpen(true)} data-testid="open-check-in">
              Check in online
            </Button>
          </Group>
        ) : (
          <Text size="sm">Check in online from the link in your booking e-mail.</Text>
        )}
        {c.doorCode ? (
          <Text size="sm" data-testid="door-code">
            Door code:{' '}
            <Text span fw={700} fz="lg" ff="monospace">
              {c.doorCode}
            </Text>
          </Text>
        ) : (
          c.doorCodeNote && (
            <Alert variant="light" color="gray" data-testid="door-code-later">
              {c.doorCodeNote}
            </Alert>
          )
        )}
      </Stack>
      {token && (
        <MountOnFirstOpen opened={open}>
          <CheckInDialog
            booking={booking}
            token={token}
            opened={open}
            onClose={() => setOpen(false)}
            onCheckedIn={(updated) => queryClient.setQueryData(manageQuery(token).queryKey, updated)}
          />
        </MountOnFirstOpen>
      )}
    </Card>
  );
}
