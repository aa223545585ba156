import type { THoldKind } from '#shared/schemas/calendar.ts';

/**
 * One colour and name per kind of bar, shared by the month view, the timeline and their legends. A filled
 * bar uses `shade` with `text`, picked for at least 4.5:1 in both colour schemes (Mantine's autoContrast
 * put white on teal.8 and gray.6, below it); the month grid tints its days with the palette's light variant.
 */
export const BAR_STYLE: Record<
  THoldKind,
  { color: string; shade: number; text: 'white' | 'black'; label: string }
> = {
  pending: { color: 'yellow', shade: 4, text: 'black', label: 'Pending booking' },
  requested: { color: 'orange', shade: 4, text: 'black', label: 'Requested booking' },
  confirmed: { color: 'teal', shade: 9, text: 'white', label: 'Confirmed booking' },
  block: { color: 'gray', shade: 7, text: 'white', label: 'Blocked' },
  external: { color: 'blue', shade: 9, text: 'white', label: 'Imported event' },
  conflict: { color: 'red', shade: 9, text: 'white', label: 'Conflict' },
};

/** A filled badge's colours for a kind of bar. */
export function barFill(kind: THoldKind): { color: string; c: string } {
  const s = BAR_STYLE[kind];
  return { color: `${s.color}.${s.shade}`, c: s.text };
}
