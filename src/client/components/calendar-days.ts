import { useMediaQuery } from '@mantine/hooks';

/** Two months side by side from this width on (a stay often spans a month's end), one on phones. */
const TWO_MONTHS = '(min-width: 48em)';

export function useCalendarMonths(): 1 | 2 {
  // Read on the first render: a calendar that opened with one month and then became two moved the
  // month it showed under the guest's eyes.
  return useMediaQuery(TWO_MONTHS, undefined, { getInitialValueInEffect: false }) ? 2 : 1;
}

// Made on first use, not at import (building a formatter loads the locale's data).
let dayName: Intl.DateTimeFormat | undefined;

/**
 * A booked day's props for Mantine's calendars: its name says 'booked' (the calendar's own name for a
 * day, then ', booked'), and `data-booked` styles it apart from a past day (more-components.css).
 */
export function bookedDayProps(day: string): Record<string, string | boolean> {
  dayName ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return { 'data-booked': true, 'aria-label': `${dayName.format(Date.parse(`${day}T00:00:00Z`))}, booked` };
}
