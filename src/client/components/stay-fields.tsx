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
  change = false,
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
  /** A change request's form sits beside the booked dates: its fields say 'New check-in'. */
  change?: boolean;
}) {
  const dates = [
    { label: 'Check-in', value: checkIn, onChange: onCheckIn },
    { label: 'Check-out', value: checkOut, onChange: onCheckOut },
  ];
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {dates.map((d) => (
          <TextInput
            key={d.label}
            type="date"
            label={change ? `New ${d.label.toLowerCase()}` : d.label}
            required
            value={d.value}
            onChange={(e) => d.onChange(e.currentTarget.value)}
          />
        ))}
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
