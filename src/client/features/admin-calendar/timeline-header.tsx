import { Box, Group, Text } from '@mantine/core';
import { isoToLocalDate } from '#shared/dates.ts';
import { DAY_PX, NAME_PX, ROW_PX, WINDOW_DAYS } from './timeline-geometry.ts';

/** The sticky day header: weekday and date per column, today underlined. */
export function TimelineHeader({ days, today }: { days: string[]; today: string }) {
  return (
    <Group
      gap={0}
      wrap="nowrap"
      h={ROW_PX}
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 2,
        background: 'var(--mantine-color-body)',
        width: NAME_PX + WINDOW_DAYS * DAY_PX,
      }}
    >
      <Box
        w={NAME_PX}
        px="xs"
        style={{ position: 'sticky', left: 0, background: 'var(--mantine-color-body)', flexShrink: 0 }}
      >
        <Text size="sm" fw={600}>
          Home
        </Text>
      </Box>
      {days.map((d) => {
        const date = isoToLocalDate(d);
        return (
          <Box key={d} w={DAY_PX} ta="center" style={{ flexShrink: 0 }} data-date={d}>
            <Text size="xs" fw={d === today ? 800 : 400} td={d === today ? 'underline' : undefined}>
              {date.toLocaleDateString('en-US', { weekday: 'short' })}
            </Text>
            <Text size="xs" fw={600}>
              {date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}
            </Text>
          </Box>
        );
      })}
    </Group>
  );
}
