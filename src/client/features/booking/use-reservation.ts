import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { SIGN_IN_TO_BOOK } from '#shared/messages.ts';
import type { TContactInfo, TStayQuote } from '#shared/schemas/booking.ts';
import { bookedLines, bookedNights } from '#shared/pricing.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { useAuth } from '../../lib/auth.tsx';
import { errorMessage, errorStatus } from '../../lib/trpc.ts';
import { useCreateBooking } from './api.ts';
import { clearBookingDraft, updateBookingDraft, type TBookingDraft } from './booking-draft.ts';
import type { TConfirmationSummary } from './booking-confirmed-dialog.tsx';
import type { TBookingStay } from './use-booking-stay.ts';
import { bookingNotice } from './booking-notice.ts';

/**
 * Reserve → contact form → `bookings.create` → confirmation. `problem` is why the card already knows
 * the stay cannot be booked; the server re-checks every rule and the price anyway (docs/decisions.md#server-price, #stay-rules).
 *
 * What Reserve does depends on answers the page may still be waiting for: the Guest Registration
 * switch, who is signed in, the card's default dates and the quote. A press before they are in is not
 * lost or guessed at: Reserve shows that it is waiting (`waiting`) and acts once they have arrived.
 * `draft` is the booking as the guest left it (booking-draft.ts): the contact form opens again with it.
 */
export function useReservation(
  property: TProperty,
  stay: TBookingStay,
  quote: { quote: TStayQuote | null; settled: boolean },
  problem: string | null,
  draft: TBookingDraft | null,
) {
  const { settings, settled: settingsSettled } = useSiteConfig();
  const { isAuthenticated, isLoading: authLoading, openAuthDialog } = useAuth();
  const { checkIn, checkOut, guests, party } = stay;
  const [contactOpen, setContactOpen] = useState(draft?.open === true);
  const [confirmation, setConfirmation] = useState<TConfirmationSummary | null>(null);
  const [waiting, setWaiting] = useState(false);
  // A second press (a double-click) lands before React has redrawn the button as busy: this guard is
  // set in the same event, so only one booking is ever sent at a time.
  const submitting = useRef(false);
  const create = useCreateBooking(property.id);
  const ready = settingsSettled && !authLoading && stay.settled && quote.settled;
  const draftBase = { propertyId: property.id, checkIn, checkOut, guests };

  const openContact = (open: boolean) => {
    setContactOpen(open);
    updateBookingDraft(draftBase, { open });
  };

  const act = () => {
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
    openContact(true);
  };

  const reserve = () => {
    if (ready) act();
    else setWaiting(true);
  };
  const actOnArrival = useEffectEvent(() => {
    setWaiting(false);
    act();
  });
  useEffect(() => {
    // The press the guest made earlier, carried out now that its answers are in; it runs once, since
    // it ends the wait. (The rule against state set in effects is about state derivable in render.)
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (waiting && ready) actOnArrival();
  }, [waiting, ready]);

  const submit = async (contactInfo: TContactInfo) => {
    if (submitting.current) return;
    if (!checkIn || !checkOut || !quote.quote) {
      notifications.show({ message: 'Please select check-in and check-out dates', color: 'red' });
      return;
    }
    submitting.current = true;
    try {
      const booking = await create.mutateAsync({
        propertyId: property.id,
        checkIn,
        checkOut,
        guests,
        children: party.children,
        infants: party.infants,
        pets: party.pets,
        totalPrice: quote.quote.total,
        contactInfo,
      });
      clearBookingDraft();
      setContactOpen(false);
      setConfirmation({
        propertyTitle: property.title,
        image: property.images[0] ?? null,
        checkIn: booking.checkIn,
        checkOut: booking.checkOut,
        guests: booking.guests,
        infants: booking.infants,
        pets: booking.pets,
        totalPrice: booking.totalPrice,
        nightPrices: bookedNights(booking).map((n) => n.price),
        taxAmount: booking.taxAmount,
        lines: bookedLines(booking).map((l) => l.amount),
        bookingId: booking.id,
        confirmationNumber: booking.confirmationNumber,
        manageToken: booking.manageToken,
        guest: contactInfo,
        status: booking.status,
        respondBy: booking.respondBy ?? null,
      });
      const notice = bookingNotice(booking, property.title, contactInfo.email);
      notifications.show({ title: notice.title, message: notice.message, color: 'green' });
    } catch (err) {
      notifications.show({
        title: 'Booking failed',
        message: errorMessage(err, 'Could not complete your booking'),
        color: 'red',
      });
      const status = errorStatus(err);
      if (status === 401 || status === 409) openContact(false);
      if (status === 401) openAuthDialog('login');
    } finally {
      submitting.current = false;
    }
  };

  return {
    reserve,
    /** Reserve was pressed before what it depends on had arrived; it acts as soon as they do. */
    waiting,
    submit,
    pending: create.isPending,
    contactOpen,
    closeContact: () => openContact(false),
    /** Keeps the contact form as typed, for a retry or reload (booking-draft.ts). */
    saveContact: (contact: TBookingDraft['contact']) => updateBookingDraft(draftBase, { contact }),
    confirmation,
    closeConfirmation: () => setConfirmation(null),
  };
}
