import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isValidIsoDate } from '#shared/dates.ts';
import { nightsLabel } from '#shared/labels.ts';
import { formatMoney } from '#shared/money.ts';
import type { TBookingChangeResult } from '#shared/schemas/operator-bookings.ts';
import { useFocusReturn } from '../../lib/focus-return.ts';
import { useNestedDialog } from '../../lib/nested-dialogs.ts';
import { errorMessage } from '../../lib/trpc.ts';
import type { TPartyChoice } from '../party-picker.tsx';
import { StayFields } from '../stay-fields.tsx';
import { homePricingQuery, homeQuery, useChangeBooking } from '../../lib/api/operator-bookings.ts';
import { HomePicker } from './home-picker.tsx';

export interface TChangeTarget {
  id: number;
  confirmationNumber: string;
  propertyId: number;
  propertyTitle: string;
  checkIn: string;
  checkOut: string;
  /** The party as booked: `adults` is what the change calls `guests` (docs/booking-operations.md#guests). */
  party: TPartyChoice;
}

/** What a change does to the price, in the operator's words. */
export function differenceText(
  r: Pick<TBookingChangeResult, 'previousTotal' | 'total' | 'difference'>,
): string {
  const d = r.difference;
  const what =
    d > 0 ? `${formatMoney(d)} more to pay` : d < 0 ? `${formatMoney(-d)} to refund` : 'no difference';
  return `New total ${formatMoney(r.total)} (was ${formatMoney(r.previousTotal)}): ${what}`;
}

/**
 * 'Change booking' (docs/booking-operations.md#changing-a-booking): new dates, home or guests, reviewed
 * first (the server re-quotes without saving), then saved.
 */
export function ChangeBookingDialog({
  target,
  onClose,
}: {
  target: TChangeTarget | null;
  onClose: () => void;
}) {
  useFocusReturn(target !== null);
  useNestedDialog(target !== null);
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? `Change booking ${target.confirmationNumber}` : 'Change booking'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {target && <ChangeForm key={target.id} target={target} onClose={onClose} />}
    </Modal>
  );
}

/** The re-quoted price as the booking will keep it: the nights, each line after them, and the difference. */
function ReviewLines({ review }: { review: TBookingChangeResult }) {
  return (
    <Stack gap={4}>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm" data-testid="change-lines">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{nightsLabel(review.nights)}</Table.Td>
            <Table.Td ta="right">{formatMoney(review.subtotal)}</Table.Td>
          </Table.Tr>
          {review.lines.map((l) => (
            <Table.Tr key={`${l.kind}-${l.label}`}>
              <Table.Td>{l.label}</Table.Td>
              <Table.Td ta="right">{formatMoney(l.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" fw={600} data-testid="change-difference">
        {differenceText(review)}
      </Text>
    </Stack>
  );
}

function ChangeForm({ target, onClose }: { target: TChangeTarget; onClose: () => void }) {
  const [propertyId, setPropertyId] = useState<number | null>(target.propertyId);
  const [checkIn, setCheckIn] = useState(target.checkIn);
  const [checkOut, setCheckOut] = useState(target.checkOut);
  const [party, setParty] = useState<TPartyChoice>(target.party);
  const [review, setReview] = useState<TBookingChangeResult | null>(null);
  const change = useChangeBooking(onClose);
  // The home's capacity and whether it takes pets bound the party, as on the guest's booking card.
  const homeId = propertyId ?? target.propertyId;
  const home = useQuery(homeQuery(homeId));
  const petsAllowed = useQuery(homePricingQuery(homeId)).data?.petsAllowed ?? false;
  const datesOk = isValidIsoDate(checkIn) && isValidIsoDate(checkOut) && checkOut > checkIn;
  const was = target.party;
  const input = {
    id: target.id,
    ...(checkIn !== target.checkIn ? { checkIn } : {}),
    ...(checkOut !== target.checkOut ? { checkOut } : {}),
    ...(propertyId !== null && propertyId !== target.propertyId ? { propertyId } : {}),
    ...(party.adults !== was.adults ? { guests: party.adults } : {}),
    ...(party.children !== was.children ? { children: party.children } : {}),
    ...(party.infants !== was.infants ? { infants: party.infants } : {}),
    ...(party.pets !== was.pets ? { pets: party.pets } : {}),
  };
  const changed = Object.keys(input).length > 1;
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setReview(null);
      change.reset();
    };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!changed || !datesOk) return;
        if (review) change.mutate(input);
        else change.mutate({ ...input, dryRun: true }, { onSuccess: (r) => setReview(r) });
      }}
    >
      <Stack gap="sm">
        <HomePicker
          value={propertyId}
          onChange={edit(setPropertyId)}
          known={{ id: target.propertyId, title: target.propertyTitle }}
        />
        <StayFields
          checkIn={checkIn}
          checkOut={checkOut}
          onCheckIn={edit(setCheckIn)}
          onCheckOut={edit(setCheckOut)}
          party={party}
          onParty={edit(setParty)}
          homeMaxGuests={home.data?.maxGuests}
          // Pets already booked stay visible, so the operator can take them off a home that refuses them.
          petsAllowed={petsAllowed || was.pets > 0}
        />
        <div aria-live="polite">
          {review && <ReviewLines review={review} />}
          {change.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(change.error, 'The booking was not changed')}
            </Alert>
          )}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending} disabled={!changed || !datesOk}>
            {review ? 'Save change' : 'Review change'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
