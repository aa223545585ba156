import { ActionIcon, Button, Divider, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BOOKING_DEFAULT_GUESTS, BOOKING_DEFAULT_NIGHTS } from '../../../shared/constants.ts';
import { addDays, formatIsoDate, todayIso } from '../../../shared/dates.ts';
import { guestsLabel, nightsLabel } from '../../../shared/labels.ts';
import type { TContactInfo } from '../../../shared/schemas/booking.ts';
import type { TProperty } from '../../../shared/schemas/property.ts';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useCurrency } from '../../lib/currency.tsx';
import { errorMessage, errorStatus, trpc } from '../../lib/trpc.ts';
import { isCheckOutBlocked, isNightBlocked } from './blocked-dates.ts';
import { BookingConfirmedDialog, type TConfirmationSummary } from './booking-confirmed-dialog.tsx';
import { CancellationPolicyLine } from './cancellation-policy-line.tsx';
import { ContactFormDialog } from './contact-form-dialog.tsx';
import { NightBreakdown } from './night-breakdown.tsx';
import { useStayQuote } from './use-stay-quote.ts';
import { SIGN_IN_TO_BOOK } from '../../../shared/messages.ts';
import '../../styles/more-components.css';

const DATE_FORMAT = 'MMM D, YYYY';
const CALENDAR_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

function PriceRow({
  label,
  amount,
  strong,
  testId,
}: {
  label: string;
  amount: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400} td={strong ? undefined : 'underline'}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} data-testid={testId}>
        {amount}
      </Text>
    </Group>
  );
}

/**
 * The sticky booking card (guest-side §4, §5, §9): dates with booked days disabled, guests, the price
 * breakdown in the chosen currency, Reserve → contact form → `bookings.create` → confirmation.
 * The server re-checks every rule and the price (DECISIONS 3, 7); this card only helps the guest get them right.
 */
export function BookingCard({ property }: { property: TProperty }) {
  const today = todayIso();
  const { settings } = useSiteConfig();
  const { user, isAuthenticated, openAuthDialog } = useAuth();
  const { format } = useCurrency();
  const queryClient = useQueryClient();

  const [checkIn, setCheckIn] = useState<string | null>(today);
  const [checkOut, setCheckOut] = useState<string | null>(addDays(today, BOOKING_DEFAULT_NIGHTS));
  const [checkOutOpen, setCheckOutOpen] = useState(false);
  const [guests, setGuests] = useState(Math.min(BOOKING_DEFAULT_GUESTS, Math.max(1, property.maxGuests)));
  const [contactOpen, setContactOpen] = useState(false);
  const [confirmation, setConfirmation] = useState<TConfirmationSummary | null>(null);

  const availabilityOptions = trpc.bookings.availability.queryOptions({ id: property.id });
  const availability = useQuery(availabilityOptions);
  const ranges = availability.data ?? [];
  const create = useMutation(trpc.bookings.create.mutationOptions());

  const { quote, error: quoteError } = useStayQuote(property.id, checkIn, checkOut);

  const chooseCheckIn = (value: string | null) => {
    setCheckIn(value);
    if (!value) {
      setCheckOut(null);
      return;
    }
    setCheckOut(addDays(value, BOOKING_DEFAULT_NIGHTS));
    setCheckOutOpen(true);
  };

  const requireSignIn = () => {
    notifications.show({
      title: SIGN_IN_TO_BOOK,
      message: 'Sign in or create an account, then reserve your stay.',
    });
    openAuthDialog('login');
  };

  const reserve = () => {
    if (!checkIn || !checkOut) {
      notifications.show({
        title: 'Dates required',
        message: 'Please select your check-in and check-out dates',
        color: 'red',
      });
      return;
    }
    if (settings.enableGuestRegistration && !isAuthenticated) {
      requireSignIn();
      return;
    }
    setContactOpen(true);
  };

  const submit = async (contactInfo: TContactInfo) => {
    if (!checkIn || !checkOut || !quote) {
      notifications.show({ message: 'Please select check-in and check-out dates', color: 'red' });
      return;
    }
    try {
      const booking = await create.mutateAsync({
        propertyId: property.id,
        checkIn,
        checkOut,
        guests,
        totalPrice: quote.total,
        contactInfo,
      });
      setContactOpen(false);
      setConfirmation({
        propertyTitle: property.title,
        image: property.images[0] ?? null,
        checkIn: booking.checkIn,
        checkOut: booking.checkOut,
        guests: booking.guests,
        totalPrice: booking.totalPrice,
        bookingId: booking.id,
        confirmationNumber: booking.confirmationNumber,
        manageToken: booking.manageToken,
        guest: contactInfo,
      });
      notifications.show({
        title: 'Booking confirmed!',
        message: `Your stay at ${property.title} is confirmed. A confirmation email has been sent to ${contactInfo.email}`,
        color: 'green',
      });
      void queryClient.invalidateQueries({ queryKey: trpc.bookings.mine.queryKey() });
      // Home searches with dates leave out properties booked on them (DECISIONS 6).
      void queryClient.invalidateQueries({ queryKey: trpc.properties.search.pathKey() });
    } catch (err) {
      notifications.show({
        title: 'Booking failed',
        message: errorMessage(err, 'Could not complete your booking'),
        color: 'red',
      });
      const status = errorStatus(err);
      if (status === 401) {
        setContactOpen(false);
        openAuthDialog('login');
      }
      if (status === 409) {
        setContactOpen(false);
        // The dates were taken or the price moved: show the guest the current calendar and price.
        void queryClient.invalidateQueries({ queryKey: trpc.config.get.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.properties.byId.queryKey({ id: property.id }) });
      }
    } finally {
      void queryClient.invalidateQueries({ queryKey: availabilityOptions.queryKey });
    }
  };

  const maxCheckIn = addDays(today, settings.advanceBookingDays);
  const maxCheckOut = checkIn ? addDays(checkIn, settings.maxNightsDefault) : undefined;

  return (
    <Paper withBorder shadow="md" radius="lg" p="lg" data-testid="booking-card">
      <Stack gap="md">
        <Group gap={6} align="baseline">
          <Text fz={22} fw={700} data-testid="nightly-price">
            {format(property.price)}
          </Text>
          <Text c="dimmed">night</Text>
        </Group>

        <SimpleGrid cols={2} spacing={8}>
          <DatePickerInput
            label="Check-in"
            placeholder="Add date"
            value={checkIn}
            onChange={chooseCheckIn}
            valueFormat={DATE_FORMAT}
            ariaLabels={CALENDAR_LABELS}
            minDate={today}
            maxDate={maxCheckIn}
            excludeDate={(d) => isNightBlocked(d, ranges)}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear check-in date' }}
            data-testid="check-in-input"
            popoverProps={{ withinPortal: true }}
          />
          <DatePickerInput
            label="Check-out"
            placeholder="Add date"
            value={checkOut}
            onChange={(v) => {
              setCheckOut(v);
              setCheckOutOpen(false);
            }}
            onClick={() => {
              if (!checkIn) {
                notifications.show({ message: 'Select check-in date first', color: 'yellow' });
                return;
              }
              setCheckOutOpen((o) => !o);
            }}
            valueFormat={DATE_FORMAT}
            ariaLabels={CALENDAR_LABELS}
            minDate={checkIn ? addDays(checkIn, 1) : addDays(today, 1)}
            maxDate={maxCheckOut}
            excludeDate={(d) => isCheckOutBlocked(d, checkIn, ranges)}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear check-out date' }}
            data-testid="check-out-input"
            popoverProps={{ opened: checkOutOpen, onClose: () => setCheckOutOpen(false), withinPortal: true }}
          />
        </SimpleGrid>

        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text size="sm" fw={500}>
              Guests
            </Text>
            <Text size="xs" c="dimmed">
              Up to {guestsLabel(property.maxGuests)}
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="default"
              radius="xl"
              size="lg"
              onClick={() => setGuests((g) => Math.max(1, g - 1))}
              disabled={guests <= 1}
              aria-label="Decrease guests"
            >
              <IconMinus size={16} aria-hidden />
            </ActionIcon>
            <Text w={72} ta="center" size="sm" data-testid="guests-count" aria-live="polite">
              {guestsLabel(guests)}
            </Text>
            <ActionIcon
              variant="default"
              radius="xl"
              size="lg"
              onClick={() => setGuests((g) => Math.min(property.maxGuests, g + 1))}
              disabled={guests >= property.maxGuests}
              aria-label="Increase guests"
            >
              <IconPlus size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>

        <Button size="md" fullWidth onClick={reserve} data-testid="reserve">
          Reserve
        </Button>
        <Text size="sm" c="dimmed" ta="center">
          You won&apos;t be charged yet
        </Text>
        <CancellationPolicyLine policy={property.cancellationPolicy} checkIn={checkIn} />

        {quoteError && (
          <Text size="sm" c="red" role="alert" data-testid="quote-error">
            {quoteError}
          </Text>
        )}
        {quote && (
          <Stack gap={8} data-testid="price-breakdown">
            <PriceRow
              label={`${format(quote.nightlyPrice)}${quote.nightly.some((n) => n.price !== quote.nightlyPrice) ? ' avg.' : ''} x ${nightsLabel(quote.nights)}`}
              amount={format(quote.subtotal)}
              testId="subtotal"
            />
            <NightBreakdown nightly={quote.nightly} format={format} />
            <PriceRow label={`GST (${quote.taxRate}%)`} amount={format(quote.tax)} testId="tax" />
            <Divider />
            <PriceRow label="Total" amount={format(quote.total)} strong testId="total" />
          </Stack>
        )}
      </Stack>

      <ContactFormDialog
        opened={contactOpen}
        onClose={() => setContactOpen(false)}
        initial={{ name: user?.name ?? '', email: user?.email ?? '' }}
        pending={create.isPending}
        summary={
          checkIn && checkOut
            ? `${property.title} · ${formatIsoDate(checkIn, true)} – ${formatIsoDate(checkOut, true)} · ${guestsLabel(guests)}${quote ? ` · ${format(quote.total)}` : ''}`
            : property.title
        }
        onSubmit={(contact) => void submit(contact)}
      />
      <BookingConfirmedDialog summary={confirmation} onClose={() => setConfirmation(null)} />
    </Paper>
  );
}
