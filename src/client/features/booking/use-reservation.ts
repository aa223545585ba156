import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { SIGN_IN_TO_BOOK } from '#shared/messages.ts';
import type { TBookingCreateInput, TContactInfo, TStayQuote } from '#shared/schemas/booking.ts';
import { IDEMPOTENCY_IN_PROGRESS } from '#shared/schemas/idempotency.ts';
import { bookedLines, bookedNights } from '#shared/pricing.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { useAuth } from '../../lib/auth.tsx';
import { TRPCClientError } from '@trpc/client';
import { errorMessage, errorStatus } from '../../lib/trpc.ts';
import { useCreateBooking } from './api.ts';
import {
  clearBookingDraft,
  newAttemptKey,
  readBookingDraft,
  updateBookingDraft,
  type TBookingDraft,
} from './booking-draft.ts';
import type { TConfirmationSummary } from './booking-confirmed-dialog.tsx';
import type { TBookingStay } from './use-booking-stay.ts';
import { bookingNotice } from './booking-notice.ts';

/**
 * The call may never have reached the server, or its answer was lost on the way back: fetch failed, or
 * a gateway answered for a server that is down or restarting. Only a call with an Idempotency-Key may
 * be sent again blindly.
 */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return error instanceof TypeError;
  if (error.cause instanceof TypeError) return true;
  const status = errorStatus(error);
  return status === undefined || status === 502 || status === 503 || status === 504;
}

/** Where a sent booking stands, as the contact form says it. */
export type TBookingProgress =
  | { kind: 'sending' }
  /** No answer yet (the network failed, or the first send is still running): asking again. */
  | { kind: 'checking' }
  /** Still no answer after the retries: the details are kept, and Try again reuses the key. */
  | { kind: 'unreachable' }
  | { kind: 'failed'; message: string };

/** Pauses before each send again with the same key; about 15 s in all before saying the server is away. */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000];

const EARLIER_ATTEMPT =
  'Your earlier attempt may already have been booked with other details. Please check your e-mail for a confirmation before booking again.';

/** The server is still working on this key's first send: not an answer about the booking. */
function stillProcessing(err: unknown): boolean {
  return errorStatus(err) === 409 && errorMessage(err, '') === IDEMPOTENCY_IN_PROGRESS;
}

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
  const [progress, setProgress] = useState<TBookingProgress | null>(null);
  const quotedTotal = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (quote.quote) quotedTotal.current = quote.quote.total;
  }, [quote.quote]);
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

  /** The server refused the attempt, so it did nothing: the next press is a new attempt with a new key. */
  const endAttempt = () => updateBookingDraft(draftBase, { attempt: undefined });

  /** Sends the booking, and again with the same key while the server cannot be reached or is still on it. */
  const send = async (input: TBookingCreateInput, idempotencyKey: string) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await create.mutateAsync({ input, idempotencyKey });
      } catch (err) {
        const again = isUnreachable(err) || stillProcessing(err);
        const delay = RETRY_DELAYS_MS[attempt];
        if (!again || delay === undefined) throw err;
        // Whether the booking was made is not known yet: never a failure while it may have been.
        setProgress({ kind: 'checking' });
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };

  const submit = async (typed: TContactInfo) => {
    if (submitting.current) return;
    // An attempt whose answer never came is sent again as it was, with its key: the server may have
    // booked it, and then the same key and input find that booking (the card may show other dates by now).
    let attempt = readBookingDraft(property.id)?.attempt;
    if (!attempt) {
      // While the server is away the quote's own refetch may fail too: the price the guest saw still holds.
      const total = quote.quote?.total ?? quotedTotal.current;
      if (!checkIn || !checkOut || total === undefined) {
        notifications.show({ message: 'Please select check-in and check-out dates', color: 'red' });
        return;
      }
      attempt = {
        key: newAttemptKey(),
        input: {
          propertyId: property.id,
          checkIn,
          checkOut,
          guests,
          children: party.children,
          infants: party.infants,
          pets: party.pets,
          totalPrice: total,
          contactInfo: typed,
        },
      };
      // Kept before it is sent: a reload while it is on its way still knows the key.
      updateBookingDraft(draftBase, { attempt });
    }
    const contactInfo = attempt.input.contactInfo;
    submitting.current = true;
    setProgress({ kind: 'sending' });
    try {
      const booking = await send(attempt.input, attempt.key);
      setProgress(null);
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
      if (isUnreachable(err) || stillProcessing(err)) {
        // The key stays with the draft: Try again (or a reload) asks about this same attempt.
        setProgress({ kind: 'unreachable' });
        return;
      }
      const status = errorStatus(err);
      endAttempt();
      if (status === 401 || status === 409) {
        // The card shows why (taken dates, a new price) and the sign-in dialog opens: the form steps aside.
        setProgress(null);
        notifications.show({
          title: 'Booking failed',
          message: errorMessage(err, 'Could not complete your booking'),
          color: 'red',
        });
        openContact(false);
        if (status === 401) openAuthDialog('login');
        return;
      }
      setProgress({
        kind: 'failed',
        message: status === 422 ? EARLIER_ATTEMPT : errorMessage(err, 'Could not complete your booking'),
      });
    } finally {
      submitting.current = false;
    }
  };

  return {
    reserve,
    /** Reserve was pressed before what it depends on had arrived; it acts as soon as they do. */
    waiting,
    submit,
    pending: progress?.kind === 'sending' || progress?.kind === 'checking',
    /** Where the attempt stands, said inside the form (contact-form-dialog.tsx). */
    progress,
    contactOpen,
    closeContact: () => openContact(false),
    /** Keeps the contact form as typed, for a retry or reload (booking-draft.ts). */
    saveContact: (contact: TBookingDraft['contact']) => updateBookingDraft(draftBase, { contact }),
    confirmation,
    closeConfirmation: () => setConfirmation(null),
  };
}
