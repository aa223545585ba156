import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { formatIsoDate } from '../../../shared/dates.ts';
import { guestsLabel } from '../../../shared/labels.ts';
import { SIGN_IN_TO_BOOK } from '../../../shared/messages.ts';
import type { TContactInfo } from '../../../shared/schemas/booking.ts';
import type { TProperty } from '../../../shared/schemas/property.ts';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useCurrency } from '../../lib/currency.tsx';
import { errorMessage, errorStatus, trpc } from '../../lib/trpc.ts';
import { BookingBar } from './booking-bar.tsx';
import { BookingConfirmedDialog, type TConfirmationSummary } from './booking-confirmed-dialog.tsx';
import { CancellationPolicyLine } from './cancellation-policy-line.tsx';
import { GuestCounter } from './guest-counter.tsx';
import { PriceBreakdown } from './price-breakdown.tsx';
import { StayDates } from './stay-dates.tsx';
import { useBookingStay, type TInitialStay } from './use-booking-stay.ts';
import { useStayQuote } from './use-stay-quote.ts';
import '../../styles/more-components.css';

// The contact form (Mantine form and the zod schema it validates with, ~30 KiB gzipped) loads when Reserve
// is pointed at, focused or pressed, not with the page.
const loadContactForm = () => import('./contact-form-dialog.tsx');
const ContactFormDialog = lazy(() => loadContactForm().then((m) => ({ default: m.ContactFormDialog })));

/**
 * The sticky booking card (guest-side §4, §5, §9): dates with taken days disabled, guests, the price
 * breakdown in the chosen currency, Reserve → contact form → `bookings.create` → confirmation. It starts
 * on a free stay, or the one the URL carries (DECISIONS 19). The server re-checks every rule and the price
 * (DECISIONS 3, 7); this card only helps the guest get them right. On phones a bar at the bottom of the
 * screen repeats the price and Reserve.
 */
export function BookingCard({ property, initial }: { property: TProperty; initial: TInitialStay }) {
  const { settings } = useSiteConfig();
  const { user, isAuthenticated, openAuthDialog } = useAuth();
  const { format } = useCurrency();
  const queryClient = useQueryClient();
  const stay = useBookingStay(property, initial);
  const { checkIn, checkOut, guests } = stay;
  const [contactOpen, setContactOpen] = useState(false);
  const [contactWanted, setContactWanted] = useState(false);
  const [confirmation, setConfirmation] = useState<TConfirmationSummary | null>(null);
  const create = useMutation(trpc.bookings.create.mutationOptions());
  const { quote, error: quoteError } = useStayQuote(property.id, checkIn, checkOut);
  const problem = stay.problem ?? quoteError;

  const reserve = () => {
    if (!checkIn || !checkOut) {
      notifications.show({
        id: 'dates-required',
        title: 'Dates required',
        message: 'Please select your check-in and check-out dates',
        color: 'red',
      });
      return;
    }
    // The contact form never opens for dates the card already knows cannot be booked.
    if (problem) return;
    if (settings.enableGuestRegistration && !isAuthenticated) {
      notifications.show({
        id: 'sign-in-to-book',
        title: SIGN_IN_TO_BOOK,
        message: 'Sign in or create an account, then reserve your stay.',
      });
      openAuthDialog('login');
      return;
    }
    setContactWanted(true);
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
        // The dates were taken meanwhile or the price moved: show the guest the current calendar and price.
        void queryClient.invalidateQueries({ queryKey: trpc.config.get.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.properties.byId.queryKey({ id: property.id }) });
        void queryClient.invalidateQueries({ queryKey: trpc.bookings.quote.pathKey() });
      }
    } finally {
      void queryClient.invalidateQueries({ queryKey: stay.availabilityKey });
    }
  };

  return (
    <Paper withBorder shadow="md" radius="lg" p="lg" data-testid="booking-card" id="booking-card">
      <Stack gap="md">
        <Group gap={6} align="baseline">
          <Text fz={22} fw={700} data-testid="nightly-price">
            {format(property.price)}
          </Text>
          <Text c="dimmed">night</Text>
        </Group>

        <StayDates stay={stay} />
        <GuestCounter guests={guests} maxGuests={property.maxGuests} onChange={stay.setGuests} />

        {problem && (
          <Text size="sm" c="red" role="alert" data-testid="stay-problem">
            {problem}
          </Text>
        )}
        <Button
          size="md"
          fullWidth
          onClick={reserve}
          onPointerEnter={() => void loadContactForm()}
          onFocus={() => void loadContactForm()}
          disabled={problem !== null}
          data-testid="reserve"
        >
          Reserve
        </Button>
        <Text size="sm" c="dimmed" ta="center">
          You won&apos;t be charged yet
        </Text>
        <CancellationPolicyLine policy={property.cancellationPolicy} checkIn={checkIn} />
        {quote && !problem && <PriceBreakdown quote={quote} format={format} />}
      </Stack>

      <BookingBar
        price={quote && !problem ? { amount: format(quote.total), nights: quote.nights } : null}
        nightly={format(property.price)}
        checkIn={checkIn}
        checkOut={checkOut}
        disabled={problem !== null}
        onReserve={reserve}
      />
      {contactWanted && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
      <BookingConfirmedDialog summary={confirmation} onClose={() => setConfirmation(null)} />
    </Paper>
  );
}
