import { Group, Paper, Stack, Text } from '@mantine/core';
import { memo, useDeferredValue, useEffect, type FocusEvent, type PointerEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { checkoutSearch } from '#shared/checkout.ts';
import { bookingCardTerms } from '#shared/payment-terms.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import type { TChosenStay } from '../../lib/chosen-stay.ts';
import { useCurrency } from '../../lib/currency.tsx';
import { BookingBar } from './booking-bar.tsx';
import { CancellationPolicyLine } from './cancellation-policy-line.tsx';
import { homeClockQuery, homePricingQuery } from './api.ts';
import { PriceBreakdown } from './price-breakdown.tsx';
import { ReserveButton } from './reserve-button.tsx';
import { StayChoice } from './stay-choice.tsx';
import { useBookingStay, type TInitialStay } from './use-booking-stay.ts';
import { useReserve } from './use-reserve.ts';
import { useStayQuote } from './use-stay-quote.ts';
import '../../styles/property-page.css';

const Breakdown = memo(PriceBreakdown);

/**
 * The sticky booking card (docs/product.md#guest-interactions, #guest-validation, #guest-constants): dates with taken days disabled, guests, the price
 * breakdown in the chosen currency, and Reserve, which opens the checkout page with the stay (docs/checkout.md). It starts
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
  const { format, show, stay: convert } = useCurrency();
  const navigate = useNavigate();
  const router = useRouter();
  const stay = useBookingStay(property, initial);
  const { checkIn, checkOut, party } = stay;
  const counted = party.adults + party.children;
  useEffect(() => {
    onStayChange?.({ checkIn, checkOut, guests: counted });
  }, [onStayChange, checkIn, checkOut, counted]);
  const priced = useStayQuote(property.id, checkIn, checkOut, party);
  const petsAllowed = useQuery(homePricingQuery(property.id)).data?.petsAllowed ?? false;
  const clock = useQuery(homeClockQuery(property.timeZone)).data;
  const { quote } = priced;
  // The breakdown draws in a transition: a quote's answer is a synchronous update (the query's store),
  // and the card's own re-render with it is then short.
  const shownQuote = useDeferredValue(quote);
  const problem = stay.problem ?? priced.error;
  const params = { id: String(property.id) };
  const { reserve, waiting } = useReserve(stay, priced, problem, () => {
    if (!checkIn || !checkOut) return;
    // The listing's own URL takes the stay first, so Back from the checkout finds the card as it was.
    return navigate({
      to: '/property/$id',
      params,
      search: (prev) => ({ ...prev, checkIn, checkOut, guests: party.adults }),
      replace: true,
    }).then(() =>
      navigate({ to: '/book/$id', params, search: checkoutSearch({ checkIn, checkOut, party }) }),
    );
  });
  // The checkout's code loads when Reserve is pointed at or focused, not with the listing.
  const preload = () => void router.preloadRoute({ to: '/book/$id', params }).catch(() => undefined);
  // Not on a tap: a finger's pointerenter and focus come in the tap itself, where the preload's module
  // links held the pressed state's paint; the press starts the same loading a frame later anyway.
  const hoverPreload = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType !== 'touch') preload();
  };
  const focusPreload = (event: FocusEvent<HTMLButtonElement>) => {
    if (event.currentTarget.matches(':focus-visible')) preload();
  };
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

        <StayChoice stay={stay} maxGuests={property.maxGuests} petsAllowed={petsAllowed} problem={problem} />
        <ReserveButton
          size="md"
          fullWidth
          label={reserveLabel}
          onReserve={reserve}
          onPointerEnter={hoverPreload}
          onFocus={focusPreload}
          disabled={problem !== null}
          waiting={waiting}
          loaderSize={16}
          testId="reserve"
        />
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
        {shownQuote && !problem && (
          <Breakdown quote={shownQuote} updating={!priced.settled || shownQuote !== quote} />
        )}
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
    </Paper>
  );
}
