import { Group, Stack, Text } from '@mantine/core';
import { formatIsoDate } from '#shared/dates.ts';
import { nightRuns, type TNightPrice } from '#shared/pricing.ts';
import { nightsLabel } from '#shared/labels.ts';

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
      {nightRuns(nightly).map((r) => (
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
