import { Box, Group, SimpleGrid, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useRef, useState } from 'react';
import { addDays, daysBetween, formatIsoDate, isoToLocalDate } from '#shared/dates.ts';
import type { TCalendarBar, TPropertyMonth } from '#shared/schemas/calendar.ts';
import { BAR_STYLE } from './bar-colors.ts';
import { shiftMonth } from './months.ts';
import '../../styles/more-components.css';

export interface TSelection {
  start: string;
  /** The last selected night (inclusive); the range's end date is the day after. */
  last: string;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function ordered(a: string, b: string): TSelection {
  return a <= b ? { start: a, last: b } : { start: b, last: a };
}

function barsOn(bars: TCalendarBar[], date: string): TCalendarBar[] {
  return bars.filter((b) => b.startDate <= date && date < b.endDate);
}

/**
 * A month of nights: each day shows its price and what holds it. Click a day then another (or drag across
 * days, or use Enter/Space on two days) to select a range of nights.
 */
export function MonthGrid({
  month,
  monthStart,
  selection,
  onSelect,
  format,
}: {
  month: TPropertyMonth | undefined;
  monthStart: string;
  selection: TSelection | null;
  onSelect: (s: TSelection | null) => void;
  format: (n: number) => string;
}) {
  const [anchorOnly, setAnchorOnly] = useState(false);
  const drag = useRef<{ from: string; moved: boolean } | null>(null);
  const justDragged = useRef(false);
  const first = isoToLocalDate(monthStart);
  const days = daysBetween(monthStart, shiftMonth(monthStart, 1));
  const leading = first.getDay();
  const prices = new Map(month?.prices.map((p) => [p.date, p.price]));

  const click = (date: string) => {
    if (justDragged.current) {
      justDragged.current = false;
      return;
    }
    if (selection && anchorOnly) {
      onSelect(ordered(selection.start, date));
      setAnchorOnly(false);
    } else {
      onSelect({ start: date, last: date });
      setAnchorOnly(true);
    }
  };

  return (
    <Box
      data-testid="month-grid"
      onPointerUp={() => {
        if (drag.current?.moved) justDragged.current = true;
        drag.current = null;
      }}
      onPointerLeave={() => {
        drag.current = null;
      }}
    >
      <SimpleGrid cols={7} spacing={4} verticalSpacing={4}>
        {WEEKDAYS.map((d) => (
          <Text key={d} size="xs" fw={700} ta="center" aria-hidden>
            {d}
          </Text>
        ))}
        {Array.from({ length: leading }, (_, i) => (
          <Box key={`blank-${i}`} />
        ))}
        {Array.from({ length: days }, (_, i) => {
          const date = addDays(monthStart, i);
          const bars = month ? barsOn(month.bars, date) : [];
          const price = prices.get(date);
          const selected = selection !== null && selection.start <= date && date <= selection.last;
          const top = bars[0];
          const description = bars.map((b) => `${BAR_STYLE[b.kind].label}: ${b.label}`).join('; ');
          return (
            <UnstyledButton
              key={date}
              data-date={date}
              data-testid="calendar-day"
              data-kind={top?.kind}
              aria-pressed={selected}
              onClick={() => click(date)}
              onPointerDown={(e) => {
                if (e.button === 0) drag.current = { from: date, moved: false };
              }}
              onPointerEnter={() => {
                const d = drag.current;
                if (d && d.from !== date) {
                  d.moved = true;
                  onSelect(ordered(d.from, date));
                  setAnchorOnly(false);
                }
              }}
              style={{
                minHeight: 76,
                padding: 6,
                borderRadius: 8,
                userSelect: 'none',
                border: `2px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                background: top ? `var(--mantine-color-${BAR_STYLE[top.kind].color}-light)` : undefined,
              }}
            >
              <Group justify="space-between" gap={2} wrap="nowrap">
                <Text size="sm" fw={600}>
                  <VisuallyHidden>{`${formatIsoDate(date, true)}${description ? ` (${description})` : ' (open)'}, day `}</VisuallyHidden>
                  {isoToLocalDate(date).getDate()}
                </Text>
                {price !== undefined && (
                  <Text size="xs" fw={price !== month?.basePrice ? 700 : 400} data-testid="day-price">
                    {format(price)}
                  </Text>
                )}
              </Group>
              {top && (
                <Text size="xs" lineClamp={2} mt={4} title={description}>
                  {top.label || BAR_STYLE[top.kind].label}
                </Text>
              )}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
