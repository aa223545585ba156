import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { isCardChoice, type TPayChoice } from '#shared/checkout.ts';
import { SIGN_IN_TO_BOOK } from '#shared/messages.ts';
import type { TBookingCreateInput, TContactInfo, TStayQuote } from '#shared/schemas/booking.ts';
import { IDEMPOTENCY_IN_PROGRESS } from '#shared/schemas/idempotency-terms.ts';
import { bookedLines, bookedNights } from '#shared/pricing.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { useAuth } from '../../lib/auth.tsx';
import { TRPCClientError } from '@trpc/client';
import { errorMessage, errorStatus } from '../../lib/trpc.ts';
import { useCreateBooking, useStartPayment } from './api.ts';
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

/** Where a sent booking stands, as the checkout says it above its button. */
export type TBookingProgress =
  | { kind: 'sending' }
  /** No answer yet (the network failed, or the first send is still running): asking again. */
  | { kind: 'checking' }
  /** Still no answer after the retries: the details are kept, and Try again reuses the key. */
  | { kind: 'unreachable' }
  | { kind: 'failed'; message: string }
  /** The booking is made but the card payment could not be started: it can be paid from the manage page. */
  | { kind: 'unpaid'; message: string; manageToken: string; confirmationNumber: string };

/** Pauses before each send again with the same key; about 15 s in all before saying the server is away. */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000];

const EARLIER_ATTEMPT =
  'Your earlier attempt may already have been booked with other details. Please check your e-mail for a confirmation before booking again.';

/** The server is still working on this key's first send: not an answer about the booking. */
function stillProcessing(err: unknown): boolean {
  return errorStatus(err) === 409 && errorMessage(err, '') === IDEMPOTENCY_IN_PROGRESS;
}

/** Sends `call` again with the same key while the server cannot be reached or is still on it. */
async function withRetries<T>(call: () => Promise<T>, onChecking: () => void): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const again = isUnreachable(err) || stillProcessing(err);
      const delay = RETRY_DELAYS_MS[attempt];
      if (!again || delay === undefined) throw err;
      // Whether it was done is not known yet: never a failure while it may have been.
      onChecking();
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * The checkout's Confirm (docs/checkout.md): `bookings.create` with the attempt's Idempotency-Key, then,
 * for a card choice, `payments.pay` with a key derived from it and on to Stripe Checkout; otherwise the
 * confirmation dialog. The server re-checks every rule and the price (docs/decisions.md#server-price).
 * `draft` is the attempt as the guest left it (booking-draft.ts): a reload or Try again sends it again as
 * it was, so it finds the booking already made instead of booking twice.
 */
export function useCheckout(
  property: TProperty,
  stay: TBookingStay,
  quote: { quote: TStayQuote | null },
  problem: string | null,
  choice: TPayChoice | null,
) {
  const { settings } = useSiteConfig();
  const { isAuthenticated, openAuthDialog } = useAuth();
  const { checkIn, checkOut, guests, party } = stay;
  const [confirmation, setConfirmation] = useState<TConfirmationSummary | null>(null);
  const [progress, setProgress] = useState<TBookingProgress | null>(null);
  const quotedTotal = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (quote.quote) quotedTotal.current = quote.quote.total;
  }, [quote.quote]);
  // A second press (a double-click) lands before React has redrawn the button as busy: this guard is
  // set in the same event, so only one booking is ever sent at a time.
  const submitting = useRef(false);
  const create = useCreateBooking(property.id);
  const startPayment = useStartPayment();
  const draftBase = { propertyId: property.id, checkIn, checkOut, guests };
  const request = property.bookingMode === 'request';

  /** The server refused the attempt, so it did nothing: the next press is a new attempt with a new key. */
  const endAttempt = () => updateBookingDraft(draftBase, { attempt: undefined });

  const checking = () => setProgress({ kind: 'checking' });

  const submit = async (typed: TContactInfo) => {
    if (submitting.current) return;
    if (settings.enableGuestRegistration && !isAuthenticated) {
      notifications.show({
        id: 'sign-in-to-book',
        title: SIGN_IN_TO_BOOK,
        message: 'Sign in or create an account, then reserve your stay.',
      });
      openAuthDialog('login');
      return;
    }
    // An attempt whose answer never came is sent again as it was, with its key: the server may have
    // booked it, and then the same key and input find that booking (the page may show other dates by now).
    let attempt = readBookingDraft(property.id)?.attempt;
    if (!attempt) {
      if (problem) return;
      // While the server is away the quote's own refetch may fail too: the price the guest saw still holds.
      const total = quote.quote?.total ?? quotedTotal.current;
      if (!checkIn || !checkOut || total === undefined) {
        notifications.show({ message: 'Please select check-in and check-out dates', color: 'red' });
        return;
      }
      const input: TBookingCreateInput = {
        propertyId: property.id,
        checkIn,
        checkOut,
        guests,
        children: party.children,
        infants: party.infants,
        pets: party.pets,
        totalPrice: total,
        contactInfo: typed,
      };
      attempt = { key: newAttemptKey(), input, ...(choice ? { pay: choice } : {}) };
      // Kept before it is sent: a reload while it is on its way still knows the key.
      updateBookingDraft(draftBase, { attempt });
    }
    const { input, key } = attempt;
    const pay = attempt.pay ?? null;
    const contactInfo = input.contactInfo;
    submitting.current = true;
    setProgress({ kind: 'sending' });
    try {
      const booking = await withRetries(() => create.mutateAsync({ input, idempotencyKey: key }), checking);
      // A request is paid once it is accepted (docs/booking-operations.md#payments).
      if (pay && isCardChoice(pay) && booking.status !== 'requested') {
        try {
          // Its own key, derived from the booking's: a repeat opens no second Checkout Session.
          const started = await withRetries(
            () =>
              startPayment.mutateAsync({
                input: { token: booking.manageToken, part: pay, method: 'card' },
                idempotencyKey: `${key}-pay`,
              }),
            checking,
          );
          if (started.checkoutUrl) {
            clearBookingDraft();
            window.location.assign(started.checkoutUrl);
            return;
          }
          throw new Error('The payment could not be started. Please try again.');
        } catch (err) {
          if (isUnreachable(err) || stillProcessing(err)) throw err;
          clearBookingDraft();
          setProgress({
            kind: 'unpaid',
            message: errorMessage(err, 'The payment could not be started.'),
            manageToken: booking.manageToken,
            confirmationNumber: booking.confirmationNumber,
          });
          return;
        }
      }
      setProgress(null);
      clearBookingDraft();
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
      if (status === 401) openAuthDialog('login');
      // Taken dates or a new price (409): the page shows the current calendar and quote beside the message.
      setProgress({
        kind: 'failed',
        message: status === 422 ? EARLIER_ATTEMPT : errorMessage(err, 'Could not complete your booking'),
      });
    } finally {
      submitting.current = false;
    }
  };

  const card = !request && choice !== null && isCardChoice(choice);
  return {
    submit,
    pending: progress?.kind === 'sending' || progress?.kind === 'checking',
    /** Where the attempt stands, said inside the checkout (checkout-form.tsx). */
    progress,
    /** The one button's words: what pressing it does. */
    confirmLabel: request ? 'Request to book' : card ? 'Confirm and pay' : 'Confirm booking',
    /** Keeps the contact details as typed, for a retry or reload (booking-draft.ts). */
    saveContact: (contact: TBookingDraft['contact']) => updateBookingDraft(draftBase, { contact }),
    confirmation,
  };
}
