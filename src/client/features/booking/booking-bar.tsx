import { Anchor, Box, Group, Text } from '@mantine/core';
import { formatDateForToday } from '#shared/dates.ts';
import { nightsLabel } from '#shared/labels.ts';
import classes from './booking.module.css';
import { ReserveButton } from './reserve-button.tsx';
import type { TShowPressed } from './use-reserve.ts';

/**
 * Phones only: the booking card sits below the listing, so a bar fixed to the bottom of the screen keeps
 * the stay's price and Reserve in reach. It acts for the card (same dates, same rules).
 */
export function BookingBar({
  price,
  nightly,
  checkIn,
  checkOut,
  disabled,
  waiting,
  onReserve,
  reserveLabel = 'Reserve',
}: {
  price: { amount: string; nights: number } | null;
  nightly: string;
  checkIn: string | null;
  checkOut: string | null;
  disabled: boolean;
  /** Reserve was pressed and waits for the page's answers (use-reserve.ts). */
  waiting: boolean;
  onReserve: (showPressed: TShowPressed) => void;
  /** 'Request to book' on a home that takes requests. */
  reserveLabel?: string;
}) {
  return (
    <Box hiddenFrom="md" className={classes.bar} data-testid="booking-bar">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Box style={{ minWidth: 0 }}>
          <Text fw={700} size="sm" data-testid="booking-bar-price">
            {price ? `${price.amount} total for ${nightsLabel(price.nights)}` : `${nightly} night`}
          </Text>
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => {
              const card = document.getElementById('booking-card');
              card?.scrollIntoView({ block: 'center' });
              card
                ?.querySelector<HTMLElement>('[data-testid="check-in-input"]')
                ?.focus({ preventScroll: true });
            }}
          >
            {checkIn && checkOut
              ? `${formatDateForToday(checkIn)} – ${formatDateForToday(checkOut)}`
              : 'Add dates'}
          </Anchor>
        </Box>
        <ReserveButton
          label={reserveLabel}
          onReserve={onReserve}
          disabled={disabled}
          waiting={waiting}
          loaderSize={14}
          testId="booking-bar-reserve"
        />
      </Group>
    </Box>
  );
}
