import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { addDays, daysBetween, formatIsoDate, isoToLocalDate, todayIso } from '../../../shared/dates.ts';
import type { TCalendarBar, TTimelineRow } from '../../../shared/schemas/calendar.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { BAR_STYLE } from './bar-colors.ts';
import { BarLegend, PeriodStepper } from './calendar-controls.tsx';
import '../../styles/more-components.css';

const DAY_PX = 56;
const NAME_PX = 220;
const ROW_PX = 44;
/** Days loaded at once: two months, of which two weeks fit on screen and the rest scroll sideways. */
const WINDOW_DAYS = 62;
const VISIBLE_DAYS = 14;

function Bar({ bar, from }: { bar: TCalendarBar; from: string }) {
  const start = Math.max(0, daysBetween(from, bar.startDate));
  const end = Math.min(WINDOW_DAYS, daysBetween(from, bar.endDate));
  if (end <= start) return null;
  const style = BAR_STYLE[bar.kind];
  const text = `${style.label}: ${bar.label} (${formatIsoDate(bar.startDate)} – ${formatIsoDate(bar.endDate)})`;
  return (
    <Badge
      data-testid="timeline-bar"
      data-kind={bar.kind}
      color={style.color}
      variant="filled"
      autoContrast
      radius="sm"
      title={text}
      tt="none"
      style={{
        position: 'absolute',
        top: 8,
        // Half a day in and out: a stay runs from its check-in afternoon to its check-out morning.
        left: start * DAY_PX + DAY_PX / 2,
        width: (end - start) * DAY_PX - 4,
        height: ROW_PX - 16,
        justifyContent: 'flex-start',
      }}
    >
      <VisuallyHidden>{`${style.label}, ${formatIsoDate(bar.startDate)} to ${formatIsoDate(bar.endDate)}: `}</VisuallyHidden>
      {bar.label}
    </Badge>
  );
}

function Row({ row, from }: { row: TTimelineRow; from: string }) {
  return (
    <Group gap={0} wrap="nowrap" h={ROW_PX} data-testid="timeline-row" data-property-id={row.propertyId}>
      <Box
        w={NAME_PX}
        px="xs"
        style={{
          position: 'sticky',
          left: 0,
          zIndex: 1,
          flexShrink: 0,
          background: 'var(--mantine-color-body)',
          borderRight: '1px solid var(--mantine-color-default-border)',
          height: ROW_PX,
          display: 'flex',
          alignItems: 'center',
        }}
      >
        <AnchorLink
          to="/admin/calendar/$id"
          params={{ id: String(row.propertyId) }}
          size="sm"
          c="var(--mantine-color-text)"
          underline="always"
          lineClamp={1}
        >
          {row.title}
        </AnchorLink>
      </Box>
      <Box
        style={{
          position: 'relative',
          width: WINDOW_DAYS * DAY_PX,
          height: ROW_PX,
          flexShrink: 0,
          borderBottom: '1px solid var(--mantine-color-default-border)',
          backgroundImage: `repeating-linear-gradient(to right, transparent 0, transparent ${DAY_PX - 1}px, var(--mantine-color-default-border) ${DAY_PX - 1}px, var(--mantine-color-default-border) ${DAY_PX}px)`,
        }}
      >
        {row.bars.map((b) => (
          <Bar key={`${b.kind}-${b.startDate}-${b.bookingId ?? b.blockId ?? b.label}`} bar={b} from={from} />
        ))}
      </Box>
    </Group>
  );
}

/**
 * Every home on one timeline (issue 14): a row per home, a column per day. Homes come from the server a
 * page at a time as the list scrolls, and only the rows on screen are drawn, so 100,000 homes scroll smoothly.
 */
export function TimelinePage() {
  const [from, setFrom] = useState(() => addDays(todayIso(), -1));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const to = addDays(from, WINDOW_DAYS);
  const query = useInfiniteQuery(
    trpc.calendar.timeline.infiniteQueryOptions(
      { from, to, ...(debounced ? { search: debounced } : {}) },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const rows = query.data?.pages.flatMap((p) => p.rows) ?? [];
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer's functions change as it measures; this component is simply not auto-memoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - 10) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, rows.length]);

  const days = Array.from({ length: WINDOW_DAYS }, (_, i) => addDays(from, i));
  const today = todayIso();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Calendar
        </Title>
        <Group gap="xs">
          <TextInput
            aria-label="Find a home"
            placeholder="Find a home"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <PeriodStepper
            previous="Earlier"
            next="Later"
            onPrevious={() => setFrom((f) => addDays(f, -30))}
            onNext={() => setFrom((f) => addDays(f, 30))}
          >
            <Button variant="default" onClick={() => setFrom(addDays(todayIso(), -1))}>
              Today
            </Button>
          </PeriodStepper>
        </Group>
      </Group>
      <BarLegend />
      {query.isError && <Alert color="red">{errorMessage(query.error, 'Could not load the calendar')}</Alert>}
      <Box
        ref={scroller}
        data-testid="timeline"
        style={{
          maxWidth: NAME_PX + VISIBLE_DAYS * DAY_PX + 16,
          height: 'calc(100vh - 260px)',
          minHeight: 320,
          overflow: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 8,
        }}
      >
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
        <Box
          style={{
            height: virtualizer.getTotalSize(),
            position: 'relative',
            width: NAME_PX + WINDOW_DAYS * DAY_PX,
          }}
        >
          {items.map((item) => {
            const row = rows[item.index];
            return row ? (
              <Box key={row.propertyId} style={{ position: 'absolute', top: item.start, left: 0, right: 0 }}>
                <Row row={row} from={from} />
              </Box>
            ) : null;
          })}
        </Box>
        {query.isPending && (
          <Text p="md" c="dimmed">
            Loading homes…
          </Text>
        )}
        {!query.isPending && rows.length === 0 && (
          <Text p="md" c="dimmed">
            No homes match.
          </Text>
        )}
      </Box>
    </Stack>
  );
}
