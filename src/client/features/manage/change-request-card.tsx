import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatIsoDate, isValidIsoDate } from '#shared/dates.ts';
import { partyLabel } from '#shared/labels.ts';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import { bookedParty, type TPartyChoice } from '../../components/party-picker.tsx';
import { StayFields } from '../../components/stay-fields.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { homePricingQuery, homeQuery, myChangeRequestQuery, useRequestChange } from './api/booking.ts';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

/**
 * 'Ask for a change' (docs/booking-operations.md#change-requests): other dates or guests, sent to the
 * operator, who accepts or declines; the answer shows here and comes by e-mail.
 */
export function ChangeRequestCard({ token, booking }: { token: string; booking: TManagedBooking }) {
  const latest = useQuery(myChangeRequestQuery(token));
  const [checkIn, setCheckIn] = useState(booking.checkIn);
  const [checkOut, setCheckOut] = useState(booking.checkOut);
  const [party, setParty] = useState<TPartyChoice>(() => bookedParty(booking));
  // The home's capacity and pets rule bound the party, as on the booking card.
  const home = useQuery(homeQuery(booking.property.id));
  const petsAllowed = useQuery(homePricingQuery(booking.property.id)).data?.petsAllowed ?? false;
  const [message, setMessage] = useState('');
  const ask = useRequestChange(token);
  if (booking.status === 'cancelled' || booking.stayOver) return null;
  const request = latest.data?.request ?? null;
  const datesOk = isValidIsoDate(checkIn) && isValidIsoDate(checkOut) && checkOut > checkIn;
  return (
    <Card withBorder padding="lg" data-testid="change-request-card">
      <Stack gap="sm">
        <Title order={2} fz={20}>
          Change your stay
        </Title>
        {request && (
          <Text size="sm" aria-live="polite" data-testid="change-request-status">
            {request.status === 'pending'
              ? `Your request for ${formatIsoDate(request.checkIn, true)} – ${formatIsoDate(request.checkOut, true)}, ${partyLabel(request)}, is waiting for an answer.`
              : request.status === 'accepted'
                ? 'Your last change request was accepted.'
                : `Your last change request was declined${request.declineReason ? `: ${request.declineReason}` : '.'}`}
          </Text>
        )}
        {request?.status !== 'pending' && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!datesOk) return;
              ask.mutate({
                token,
                checkIn,
                checkOut,
                guests: party.adults,
                children: party.children,
                infants: party.infants,
                pets: party.pets,
                ...(message.trim() ? { message: message.trim() } : {}),
              });
            }}
          >
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                Ask for other dates or another number of guests. We answer by e-mail; your booking stays as it
                is until then.
              </Text>
              <StayFields
                change
                checkIn={checkIn}
                checkOut={checkOut}
                onCheckIn={setCheckIn}
                onCheckOut={setCheckOut}
                party={party}
                onParty={setParty}
                homeMaxGuests={home.data?.maxGuests}
                petsAllowed={petsAllowed || (booking.pets ?? 0) > 0}
              />
              <GrowingTextarea
                label="Message (optional)"
                maxLength={1000}
                minRows={2}
                value={message}
                onChange={(e) => setMessage(e.currentTarget.value)}
              />
              {ask.isError && (
                <Alert color="red" variant="light" role="alert">
                  {errorMessage(ask.error, 'Your request was not sent')}
                </Alert>
              )}
              <Group>
                <Button type="submit" variant="light" loading={ask.isPending} disabled={!datesOk}>
                  Ask for a change
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
