import { Alert, Box, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { addDays, todayIso } from '#shared/dates.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useDirectAdmin } from '../../lib/direct-admin.ts';
import { mayOpen, staffRole } from '../../lib/staff-pages.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { timelineQuery } from './api.ts';
import { BarLegend, PeriodStepper } from './calendar-controls.tsx';
import { TimelineHeader } from './timeline-header.tsx';
import { DAY_PX, NAME_PX, ROW_PX, VISIBLE_DAYS, WINDOW_DAYS } from './timeline-geometry.ts';
import { TimelineRow, type TTimelineLinks } from './timeline-row.tsx';
import '../../styles/more-components.css';

/**
 * Every home on one timeline (docs/features.md#operator-calendar): a row per home, a column per day. Homes come from the server a
 * page at a time as the list scrolls, and only the rows on screen are drawn, so 100,000 homes scroll smoothly.
 */
export function TimelinePage() {
  const [from, setFrom] = useState(() => addDays(todayIso(), -1));
  const { user } = useAuth();
  // The demo mode acts as the owner-operator (docs/decisions.md#demo-admin).
  const role = useDirectAdmin() ? 'owner-operator' : staffRole(user);
  const links: TTimelineLinks = {
    homeCalendar: mayOpen(role, '/admin/calendar/0'),
    bookings: mayOpen(role, '/admin/bookings'),
  };
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const to = addDays(from, WINDOW_DAYS);
  const query = useInfiniteQuery(timelineQuery(from, to, debounced));
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
        // Scrollable by keyboard even before (or without) any focusable bar inside it.
        tabIndex={0}
        role="region"
        aria-label="Timeline of every home"
        style={{
          maxWidth: NAME_PX + VISIBLE_DAYS * DAY_PX + 16,
          height: 'calc(100vh - 260px)',
          minHeight: 320,
          overflow: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 8,
        }}
      >
        <TimelineHeader days={days} today={today} />
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
                <TimelineRow row={row} from={from} links={links} />
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
