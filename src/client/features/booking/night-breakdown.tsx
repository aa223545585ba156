import { Group, Stack, Text } from '@mantine/core';
import { addDays, formatIsoDate } from '../../../shared/dates.ts';
import type { TNightPrice } from '../../../shared/pricing.ts';
import { nightsLabel } from '../../../shared/labels.ts';

interface TRun {
  from: string;
  to: string;
  nights: number;
  price: number;
}

/** Consecutive nights at the same price, as one line each. */
function runs(nightly: TNightPrice[]): TRun[] {
  const out: TRun[] = [];
  for (const n of nightly) {
    const last = out[out.length - 1];
    if (last && last.price === n.price && last.to === n.date) {
      last.to = addDays(n.date, 1);
      last.nights += 1;
    } else out.push({ from: n.date, to: addDays(n.date, 1), nights: 1, price: n.price });
  }
  return out;
}

/** The nights of a stay that is not priced the same every night: which nights cost what (seasons, weekends). */
export function NightBreakdown({
  nightly,
  format,
}: {
  nightly: TNightPrice[];
  format: (n: number) => string;
}) {
  if (new Set(nightly.map((n) => n.price)).size < 2) return null;
  return (
    <Stack gap={2} data-testid="night-breakdown" aria-label="Price per night">
      {runs(nightly).map((r) => (
        <Group key={r.from} justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {formatIsoDate(r.from)} – {formatIsoDate(r.to)} · {nightsLabel(r.nights)}
          </Text>
          <Text size="xs" c="dimmed">
            {format(r.price)} / night
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
