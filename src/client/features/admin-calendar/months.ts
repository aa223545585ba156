/** First day of the month `delta` months from the month of `iso` (yyyy-MM-01). */
export function shiftMonth(iso: string, delta: number): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

export function monthStartOf(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

export function monthTitle(monthStart: string): string {
  const [y, m] = monthStart.split('-').map(Number) as [number, number];
  return new Date(y, m - 1, 1).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}
