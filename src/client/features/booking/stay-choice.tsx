import { Text } from '@mantine/core';
import { PartyPicker } from '../../components/party-picker.tsx';
import { StayDates } from './stay-dates.tsx';
import type { TBookingStay } from './use-booking-stay.ts';

/**
 * The stay a guest is choosing, as the booking card and the checkout both let them change it: the dates,
 * the party, and why the stay cannot be booked as chosen (none when it can).
 */
export function StayChoice({
  stay,
  maxGuests,
  petsAllowed,
  problem,
}: {
  stay: TBookingStay;
  maxGuests: number;
  petsAllowed: boolean;
  problem: string | null;
}) {
  return (
    <>
      <StayDates stay={stay} />
      <PartyPicker
        party={stay.party}
        maxGuests={maxGuests}
        petsAllowed={petsAllowed}
        onChange={stay.setParty}
      />
      {problem && (
        <Text size="sm" c="red" role="alert" data-testid="stay-problem">
          {problem}
        </Text>
      )}
    </>
  );
}
