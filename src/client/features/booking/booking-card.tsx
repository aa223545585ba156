import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatIsoDate } from '#shared/dates.ts';
import { useQuery } from '@tanstack/react-query';
import { partyLabel } from '#shared/labels.ts';
import { bookingCardTerms } from '#shared/payment-terms.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import { MountOnFirstOpen } from '../../components/mount-on-first-open.tsx';
import { PartyPicker } from '../../components/party-picker.tsx';
import { useAuth } from '../../lib/auth.tsx';
import type { TChosenStay } from '../../lib/chosen-stay.ts';
import { useCurrency } from '../../lib/currency.tsx';
import { BookingBar } from './booking-bar.tsx';
import { readBookingDraft } from './booking-draft.ts';
import { CancellationPolicyLine } from './cancellation-policy-line.tsx';
import { homeClockQuery, homePricingQuery } from './api.ts';
import { PriceBreakdown } from './price-breakdown.tsx';
import { StayDates } from './stay-dates.tsx';
import { useBookingStay, type TInitialStay } from './use-booking-stay.ts';
import { useReservation } from './use-reservation.ts';
import { useStayQuote } from './use-stay-quote.ts';
import '../../styles/property-page.css';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

// The contact form (Mantine form and the zod schema it validates with, ~30 KiB gzipped) loads when Reserve
// is pointed at, focused or pressed, not with the page.
const loadContactForm = () => import('./contact-form-dialog.tsx');
const ContactFormDialog = lazyRetry(() => loadContactForm().then((m) => ({ default: m.ContactFormDialog })));
// The confirmation (a Modal) comes after the form, so it loads with it.
const loadConfirmation = () => import('./booking-confirmed-dialog.tsx');
const BookingConfirmedDialog = lazyRetry(() =>
  loadConfirmation().then((m) => ({ default: m.BookingConfirmedDialog })),
);
const loadReserveDialogs = () => Promise.all([loadContactForm(), loadConfirmation()]);

/**
 * The sticky booking card (docs/product.md#guest-interactions, #guest-validation, #guest-constants): dates with taken days disabled, guests, the price
 * breakdown in the chosen currency, Reserve → contact form → `bookings.create` → confirmation. It starts
 * on a free stay, or the one the URL carries (docs/decisions.md#booking-card-defaults). The server re-checks every rule and the price
 * (docs/decisions.md#server-price, #stay-rules); this card only helps the guest get them right. On phones a bar at the bottom of the
 * screen repeats the price and Reserve.
 */
export function BookingCard({
  property,
  initial,
  onStayChange,
}: {
  property: TProperty;
  initial: TInitialStay;
  /** Told the stay as it changes (Contact host asks about it). */
  onStayChange?: (stay: TChosenStay) => void;
}) {
  const { user } = useAuth();
  const { format, show, stay: convert } = useCurrency();
  // A booking the guest was in the middle of (an error screen's retry, a reload) comes back as it was.
  const [draft] = useState(() => readBookingDraft(property.id));
  const stay = useBookingStay(
    property,
    draft?.open && draft.checkIn && draft.checkOut
      ? { checkIn: draft.checkIn, checkOut: draft.checkOut, guests: draft.guests }
      : initial,
  );
  const { checkIn, checkOut, party } = stay;
  const counted = party.adults + party.children;
  useEffect(() => {
    onStayChange?.({ checkIn, checkOut, guests: counted });
  }, [onStayChange, checkIn, checkOut, counted]);
  const priced = useStayQuote(property.id, checkIn, checkOut, party);
  const petsAllowed = useQuery(homePricingQuery(property.id)).data?.petsAllowed ?? false;
  const clock = useQuery(homeClockQuery(property.timeZone)).data;
  const { quote } = priced;
  const problem = stay.problem ?? priced.error;
  const reservation = useReservation(property, stay, priced, problem, draft);
  const { reserve, waiting } = reservation;
  // A request-to-book home says so on its button (docs/booking-operations.md#booking-modes).
  const reserveLabel = property.bookingMode === 'request' ? 'Request to book' : 'Reserve';
  // The total as the breakdown adds it up in the chosen currency (docs/money.md).
  const total = quote
    ? show(
        convert(
          quote.nightly.map((n) => n.price),
          quote.tax,
          quote.lines.map((l) => l.amount),
        ).total,
      )
    : null;

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
        <PartyPicker
          party={party}
          maxGuests={property.maxGuests}
          petsAllowed={petsAllowed}
          onChange={stay.setParty}
        />

        {problem && (
          <Text size="sm" c="red" role="alert" data-testid="stay-problem">
            {problem}
          </Text>
        )}
        <Button
          size="md"
          fullWidth
          onClick={reserve}
          onPointerEnter={() => void loadReserveDialogs()}
          onFocus={() => void loadReserveDialogs()}
          disabled={problem !== null}
          // Not Mantine's `loading`, which disables the button and so drops the keyboard focus on it.
          aria-busy={waiting || undefined}
          rightSection={waiting ? <Loader size={16} color="currentColor" aria-hidden /> : undefined}
          data-testid="reserve"
        >
          {reserveLabel}
        </Button>
        <Text size="sm" c="dimmed" ta="center">
          You won&apos;t be charged yet
        </Text>
        {quote?.schedule && !problem && (
          <Text size="sm" ta="center" data-testid="payment-terms">
            {bookingCardTerms(
              { total: quote.total, ...quote.schedule },
              format,
              property.bookingMode === 'request',
            )}
          </Text>
        )}
        <CancellationPolicyLine
          policy={property.cancellationPolicy}
          checkIn={checkIn}
          timeZone={property.timeZone}
          clock={clock}
        />
        {quote && !problem && <PriceBreakdown quote={quote} />}
      </Stack>

      <BookingBar
        price={quote && total && !problem ? { amount: total, nights: quote.nights } : null}
        nightly={format(property.price)}
        checkIn={checkIn}
        checkOut={checkOut}
        disabled={problem !== null}
        waiting={waiting}
        onReserve={reserve}
        reserveLabel={reserveLabel}
      />
      <MountOnFirstOpen opened={reservation.contactOpen}>
        <ContactFormDialog
          opened={reservation.contactOpen}
          onClose={reservation.closeContact}
          initial={{ name: user?.name ?? '', email: user?.email ?? '' }}
          draft={draft?.contact}
          onChange={reservation.saveContact}
          pending={reservation.pending}
          progress={reservation.progress}
          summary={
            checkIn && checkOut
              ? `${property.title} · ${formatIsoDate(checkIn, true)} – ${formatIsoDate(checkOut, true)} · ${partyLabel({ guests: party.adults + party.children, infants: party.infants, pets: party.pets })}${total ? ` · ${total}` : ''}`
              : property.title
          }
          onSubmit={(contact) => void reservation.submit(contact)}
        />
      </MountOnFirstOpen>
      <MountOnFirstOpen opened={reservation.confirmation !== null}>
        <BookingConfirmedDialog summary={reservation.confirmation} onClose={reservation.closeConfirmation} />
      </MountOnFirstOpen>
    </Paper>
  );
}
