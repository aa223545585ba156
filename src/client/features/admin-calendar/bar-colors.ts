import type { THoldKind } from '../../../shared/schemas/calendar.ts';

/** One colour and name per kind of bar, shared by the month view, the timeline and their legends. */
export const BAR_STYLE: Record<THoldKind, { color: string; label: string }> = {
  pending: { color: 'yellow', label: 'Pending booking' },
  confirmed: { color: 'teal', label: 'Confirmed booking' },
  block: { color: 'gray', label: 'Blocked' },
  external: { color: 'blue', label: 'Imported event' },
  conflict: { color: 'red', label: 'Conflict' },
};
