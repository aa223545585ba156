import { SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { startTransition, useState } from 'react';
import { addDays } from '#shared/dates.ts';
import { notifications } from '@mantine/notifications';
import { bookedDayProps, useCalendarMonths } from '../../components/calendar-days.ts';
import { isNightBlocked } from './blocked-dates.ts';
import type { TBookingStay } from './use-booking-stay.ts';
import '../../styles/more-components.css';

const DATE_FORMAT = 'MMM D, YYYY';
// The month and year headings keep their visible text as their name (WCAG 2.5.3, label in name).
const CALENDAR_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
};

// No fade: Mantine renders a fading calendar in a flushSync inside requestAnimationFrame, a long
// unyielding task; without it the calendar renders in the same (transition) render that opens it.
const POPOVER = { withinPortal: true, transitionProps: { duration: 0 } } as const;

/**
 * The real pickers (loaded on first use, see stay-dates.tsx): check-in and check-out with every taken night disabled (docs/decisions.md#availability, #booking-card-defaults). Choosing a check-in sets the
 * check-out (clamped before the next taken night) and opens the check-out picker (docs/product.md#guest-interactions).
 */
export function StayDatePickers({ stay }: { stay: TBookingStay }) {
  const [checkInOpen, setCheckInOpen] = useState(false);
  const [checkOutOpen, setCheckOutOpen] = useState(false);
  // A calendar month is a few hundred ms of Mantine rendering on a slow phone: opening one, and the
  // stay a tap chooses, render in a transition, so the tap's own frame (the calendar closing) paints first.
  const { checkIn, checkOut, today } = stay;
  const months = useCalendarMonths();
  // Arrows move one month even when two show: scrolling by two skipped today's month when the card
  // opened on next month's check-in, and minDate then disabled the way back.
  // A night someone holds reads differently from a past day: struck through, its own tone, and named.
  const dayProps = (day: string) =>
    day >= today && isNightBlocked(day, stay.ranges) ? bookedDayProps(day) : {};
  return (
    <SimpleGrid cols={2} spacing={8}>
      <DatePickerInput
        label="Check-in"
        placeholder="Add date"
        value={checkIn}
        onChange={(value) => {
          setCheckInOpen(false);
          startTransition(() => {
            stay.chooseCheckIn(value);
            if (value) setCheckOutOpen(true);
          });
        }}
        onClick={() => startTransition(() => setCheckInOpen((o) => !o))}
        valueFormat={DATE_FORMAT}
        ariaLabels={CALENDAR_LABELS}
        minDate={today}
        maxDate={stay.lastCheckIn}
        excludeDate={stay.isCheckInBlocked}
        getDayProps={dayProps}
        numberOfColumns={months}
        columnsToScroll={1}
        hideOutsideDates={months > 1}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear check-in date' }}
        data-testid="check-in-input"
        popoverProps={{ ...POPOVER, opened: checkInOpen, onClose: () => setCheckInOpen(false) }}
      />
      <DatePickerInput
        label="Check-out"
        placeholder="Add date"
        value={checkOut}
        onChange={(value) => {
          setCheckOutOpen(false);
          startTransition(() => stay.chooseCheckOut(value));
        }}
        onClick={() => {
          if (!checkIn) {
            notifications.show({
              id: 'check-in-first',
              message: 'Select check-in date first',
              color: 'yellow',
            });
            return;
          }
          startTransition(() => setCheckOutOpen((o) => !o));
        }}
        valueFormat={DATE_FORMAT}
        ariaLabels={CALENDAR_LABELS}
        minDate={checkIn ? addDays(checkIn, 1) : addDays(today, 1)}
        maxDate={checkIn ? addDays(checkIn, stay.maxNights) : undefined}
        excludeDate={stay.isCheckOutBlocked}
        getDayProps={dayProps}
        numberOfColumns={months}
        columnsToScroll={1}
        hideOutsideDates={months > 1}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear check-out date' }}
        data-testid="check-out-input"
        popoverProps={{ ...POPOVER, opened: checkOutOpen, onClose: () => setCheckOutOpen(false) }}
      />
    </SimpleGrid>
  );
}
