import { SimpleGrid, TextInput } from '@mantine/core';
import { PartyPicker, type TPartyChoice } from './party-picker.tsx';

/**
 * The dates and the party of a stay, as the operator's new and changed bookings and the guest's change
 * request ask for them. A party already past the home's capacity (a booking made before a change of home)
 * keeps its counts, so it can be brought down rather than being cut at once.
 */
export function StayFields({
  checkIn,
  checkOut,
  onCheckIn,
  onCheckOut,
  party,
  onParty,
  homeMaxGuests,
  petsAllowed,
  labelPrefix = '',
}: {
  checkIn: string;
  checkOut: string;
  onCheckIn: (date: string) => void;
  onCheckOut: (date: string) => void;
  party: TPartyChoice;
  onParty: (party: TPartyChoice) => void;
  /** The home's capacity, once known. */
  homeMaxGuests: number | undefined;
  petsAllowed: boolean;
  /** 'New ' on a change request, whose form sits beside the booked dates. */
  labelPrefix?: string;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          type="date"
          label={`${labelPrefix}${labelPrefix ? 'check-in' : 'Check-in'}`}
          required
          value={checkIn}
          onChange={(e) => onCheckIn(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={`${labelPrefix}${labelPrefix ? 'check-out' : 'Check-out'}`}
          required
          value={checkOut}
          onChange={(e) => onCheckOut(e.currentTarget.value)}
        />
      </SimpleGrid>
      <PartyPicker
        party={party}
        maxGuests={Math.max(homeMaxGuests ?? 1, party.adults + party.children)}
        petsAllowed={petsAllowed}
        onChange={onParty}
      />
    </>
  );
}
