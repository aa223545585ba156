import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isValidIsoDate } from '#shared/dates.ts';
import { formatMoney } from '#shared/money.ts';
import {
  BOOKING_SOURCE_LABELS,
  OPERATOR_SOURCES,
  OVERRIDE_NEEDS_REASON,
  type TOperatorSource,
} from '#shared/operator-bookings.ts';
import { useFocusReturn } from '../../lib/focus-return.ts';
import { errorMessage } from '../../lib/trpc.ts';
import type { TPartyChoice } from '../party-picker.tsx';
import { StayFields } from '../stay-fields.tsx';
import {
  homePricingQuery,
  homeQuery,
  quoteQuery,
  useCreateOperatorBooking,
} from '../../lib/api/operator-bookings.ts';
import { HomePicker } from './home-picker.tsx';

export interface TNewBookingStart {
  propertyId?: number;
  propertyTitle?: string;
  checkIn?: string;
  checkOut?: string;
}

/**
 * The operator enters a booking taken by phone, a walk-in or an owner's stay
 * (docs/booking-operations.md#operator-bookings): the quote's price unless set by hand with a reason.
 */
export function NewBookingDialog({
  opened,
  start,
  onClose,
  onCreated,
}: {
  opened: boolean;
  start: TNewBookingStart;
  onClose: () => void;
  onCreated?: (id: number) => void;
}) {
  useFocusReturn(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="New booking"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <NewBookingForm start={start} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function NewBookingForm({
  start,
  onClose,
  onCreated,
}: {
  start: TNewBookingStart;
  onClose: () => void;
  onCreated?: ((id: number) => void) | undefined;
}) {
  const [propertyId, setPropertyId] = useState<number | null>(start.propertyId ?? null);
  const [checkIn, setCheckIn] = useState(start.checkIn ?? '');
  const [checkOut, setCheckOut] = useState(start.checkOut ?? '');
  const [choice, setChoice] = useState<TPartyChoice>({ adults: 2, children: 0, infants: 0, pets: 0 });
  const [source, setSource] = useState<TOperatorSource>('phone');
  const [sourceDetail, setSourceDetail] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [override, setOverride] = useState(false);
  const [total, setTotal] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const create = useCreateOperatorBooking((id) => {
    onCreated?.(id);
    onClose();
  });

  const party = {
    guests: choice.adults,
    children: choice.children,
    infants: choice.infants,
    pets: choice.pets,
  };
  // The chosen home's capacity and pets rule bound the party, as on the guest's booking card.
  const home = useQuery({
    ...homeQuery(propertyId ?? 0),
    enabled: propertyId !== null,
  });
  const pricing = useQuery({
    ...homePricingQuery(propertyId ?? 0),
    enabled: propertyId !== null,
  });
  const datesOk = isValidIsoDate(checkIn) && isValidIsoDate(checkOut) && checkOut > checkIn;
  const quote = useQuery({
    ...quoteQuery({ propertyId: propertyId ?? 0, checkIn, checkOut, ...party }),
    enabled: propertyId !== null && datesOk,
  });
  const needsReason = override && !reason.trim();

  const submit = () => {
    if (propertyId === null || !datesOk) return;
    create.mutate({
      propertyId,
      checkIn,
      checkOut,
      ...party,
      source,
      ...(sourceDetail.trim() ? { sourceDetail: sourceDetail.trim() } : {}),
      guest: {
        name: name.trim(),
        ...(email.trim() ? { email: email.trim() } : {}),
        ...(phone.trim() ? { phone: phone.trim() } : {}),
      },
      ...(override && typeof total === 'number' ? { totalPrice: total, overrideReason: reason.trim() } : {}),
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <HomePicker
          value={propertyId}
          onChange={setPropertyId}
          known={
            start.propertyId !== undefined
              ? { id: start.propertyId, title: start.propertyTitle ?? `Home #${start.propertyId}` }
              : undefined
          }
        />
        <StayFields
          checkIn={checkIn}
          checkOut={checkOut}
          onCheckIn={setCheckIn}
          onCheckOut={setCheckOut}
          party={choice}
          onParty={setChoice}
          homeMaxGuests={home.data?.maxGuests}
          petsAllowed={(pricing.data?.petsAllowed ?? false) || choice.pets > 0}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Source"
            data={OPERATOR_SOURCES.map((s) => ({ value: s, label: BOOKING_SOURCE_LABELS[s] }))}
            value={source}
            onChange={(v) => v && setSource(v)}
            allowDeselect={false}
          />
          <TextInput
            label="Source note"
            description="Who called, or why the owner stays"
            value={sourceDetail}
            maxLength={200}
            onChange={(e) => setSourceDetail(e.currentTarget.value)}
          />
        </SimpleGrid>
        <TextInput
          label="Guest name"
          required
          minLength={2}
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            type="email"
            label="Guest e-mail"
            description="Optional: the guest is e-mailed the booking"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <TextInput
            label="Guest phone"
            maxLength={40}
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
          />
        </SimpleGrid>
        <div aria-live="polite" data-testid="new-booking-quote">
          {quote.data && (
            <Text size="sm">
              Quote: {formatMoney(quote.data.total)} for {quote.data.nights} nights
              {quote.data.available ? '' : ` · ${quote.data.reason ?? 'Not available'}`}
            </Text>
          )}
          {quote.isError && (
            <Text size="sm" c="red">
              {errorMessage(quote.error, 'Could not price the stay')}
            </Text>
          )}
        </div>
        <Checkbox
          label="Set the price by hand"
          checked={override}
          onChange={(e) => setOverride(e.currentTarget.checked)}
        />
        {override && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="Total price"
              prefix="$"
              min={0}
              max={10_000_000}
              decimalScale={2}
              required
              value={total}
              onChange={setTotal}
            />
            <TextInput
              label="Reason for the price"
              required
              maxLength={500}
              value={reason}
              error={needsReason && typeof total === 'number' ? OVERRIDE_NEEDS_REASON : undefined}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </SimpleGrid>
        )}
        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(create.error, 'The booking was not saved')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={create.isPending}
            disabled={
              propertyId === null ||
              !datesOk ||
              name.trim().length < 2 ||
              (override && (needsReason || typeof total !== 'number'))
            }
          >
            Enter booking
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
