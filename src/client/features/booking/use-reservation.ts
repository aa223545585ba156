import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { SIGN_IN_TO_BOOK } from '../../../shared/messages.ts';
import type { TContactInfo, TStayQuote } from '../../../shared/schemas/booking.ts';
import { bookedNights } from '../../../shared/pricing.ts';
import type { TProperty } from '../../../shared/schemas/property.ts';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { useAuth } from '../../lib/auth.tsx';
import { errorMessage, errorStatus } from '../../lib/trpc.ts';
import { useCreateBooking } from './api.ts';
import type { TConfirmationSummary } from './booking-confirmed-dialog.tsx';
import type { TBookingStay } from './use-booking-stay.ts';

/**
 * Reserve → contact form → `bookings.create` → confirmation. `problem` is why the card already knows
 * the stay cannot be booked; the server re-checks every rule and the price anyway (DECISIONS 3, 7).
 */
export function useReservation(
  property: TProperty,
  stay: TBookingStay,
  quote: TStayQuote | null,
  problem: string | null,
) {
  const { settings } = useSiteConfig();
  const { isAuthenticated, openAuthDialog } = useAuth();
  const { checkIn, checkOut, guests } = stay;
  const [contactOpen, setContactOpen] = useState(false);
  const [confirmation, setConfirmation] = useState<TConfirmationSummary | null>(null);
  const create = useCreateBooking(property.id);

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
        nightPrices: bookedNights(booking).map((n) => n.price),
        taxAmount: booking.taxAmount,
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
    } catch (err) {
      notifications.show({
        title: 'Booking failed',
        message: errorMessage(err, 'Could not complete your booking'),
        color: 'red',
      });
      const status = errorStatus(err);
      if (status === 401 || status === 409) setContactOpen(false);
      if (status === 401) openAuthDialog('login');
    }
  };

  return {
    reserve,
    submit,
    pending: create.isPending,
    contactOpen,
    closeContact: () => setContactOpen(false),
    confirmation,
    closeConfirmation: () => setConfirmation(null),
  };
}
