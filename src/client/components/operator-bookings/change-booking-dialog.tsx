import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isValidIsoDate } from '#shared/dates.ts';
import { formatMoney } from '#shared/money.ts';
import type { TBookingChangeResult } from '#shared/schemas/operator-bookings.ts';
import { useFocusReturn } from '../../lib/focus-return.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { useChangeBooking } from './api.ts';
import { HomePicker } from './home-picker.tsx';

export interface TChangeTarget {
  id: number;
  confirmationNumber: string;
  propertyId: number;
  propertyTitle: string;
  checkIn: string;
  checkOut: string;
  guests: number;
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

function ChangeForm({ target, onClose }: { target: TChangeTarget; onClose: () => void }) {
  const [propertyId, setPropertyId] = useState<number | null>(target.propertyId);
  const [checkIn, setCheckIn] = useState(target.checkIn);
  const [checkOut, setCheckOut] = useState(target.checkOut);
  const [guests, setGuests] = useState<number | string>(target.guests);
  const [review, setReview] = useState<TBookingChangeResult | null>(null);
  const change = useChangeBooking(onClose);
  const datesOk = isValidIsoDate(checkIn) && isValidIsoDate(checkOut) && checkOut > checkIn;
  const input = {
    id: target.id,
    ...(checkIn !== target.checkIn ? { checkIn } : {}),
    ...(checkOut !== target.checkOut ? { checkOut } : {}),
    ...(propertyId !== null && propertyId !== target.propertyId ? { propertyId } : {}),
    ...(typeof guests === 'number' && guests !== target.guests ? { guests } : {}),
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
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            type="date"
            label="Check-in"
            required
            value={checkIn}
            onChange={(e) => edit(setCheckIn)(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Check-out"
            required
            value={checkOut}
            onChange={(e) => edit(setCheckOut)(e.currentTarget.value)}
          />
        </SimpleGrid>
        <NumberInput label="Adults" min={1} max={1000} value={guests} onChange={edit(setGuests)} />
        <div aria-live="polite">
          {review && (
            <Text size="sm" fw={600} data-testid="change-difference">
              {differenceText(review)}
            </Text>
          )}
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
