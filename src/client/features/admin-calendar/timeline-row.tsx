import { Badge, Box, Group, Text, VisuallyHidden, type BadgeProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { daysBetween } from '#shared/dates.ts';
import type { TCalendarBar, TTimelineRow } from '#shared/schemas/calendar.ts';
import { TASK_STATUS_LABELS } from '#shared/schemas/task-labels.ts';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { BAR_STYLE, barFill } from './bar-colors.ts';
import { barDates } from './nights-range.ts';
import { DAY_PX, NAME_PX, ROW_PX, WINDOW_DAYS } from './timeline-geometry.ts';

/** A bar that is a link: a booking's opens its drawer (docs/features.md#calendar-hub). */
const BadgeLink = createLink(
  forwardRef<HTMLAnchorElement, BadgeProps & AnchorHTMLAttributes<HTMLAnchorElement>>(
    function BadgeLinkBase(props, ref) {
      return <Badge component="a" ref={ref} {...props} />;
    },
  ),
);

/** Which back-office pages the viewer may open from a row (a housekeeper or an owner: none). */
export interface TTimelineLinks {
  homeCalendar: boolean;
  bookings: boolean;
}

function Bar({ bar, from, linkBooking }: { bar: TCalendarBar; from: string; linkBooking: boolean }) {
  const start = Math.max(0, daysBetween(from, bar.startDate));
  const end = Math.min(WINDOW_DAYS, daysBetween(from, bar.endDate));
  if (end <= start) return null;
  const style = BAR_STYLE[bar.kind];
  const text = `${style.label}: ${bar.label} (${barDates(bar)})`;
  const common = {
    'data-testid': 'timeline-bar',
    'data-kind': bar.kind,
    ...barFill(bar.kind),
    variant: 'filled',
    radius: 'sm',
    title: text,
    tt: 'none',
  } as const;
  const content = (
    <>
      <VisuallyHidden>{`${style.label}, ${barDates(bar)}: `}</VisuallyHidden>
      {bar.label}
    </>
  );
  const place = {
    position: 'absolute',
    top: 8,
    // Half a day in and out: a stay runs from its check-in afternoon to its check-out morning.
    left: start * DAY_PX + DAY_PX / 2,
    width: (end - start) * DAY_PX - 4,
    height: ROW_PX - 16,
    // A bar is as wide as its stay: its label is cut to fit, and told in full by its title and to screen readers.
    minWidth: 0,
    justifyContent: 'flex-start',
  } as const;
  if (bar.bookingId !== null && linkBooking)
    return (
      <BadgeLink
        {...common}
        to="/admin/bookings"
        search={{ booking: bar.bookingId }}
        style={{ ...place, cursor: 'pointer' }}
      >
        {content}
      </BadgeLink>
    );
  if (bar.link)
    return (
      <Badge
        {...common}
        component="a"
        href={bar.link}
        target="_blank"
        rel="noreferrer noopener"
        style={{ ...place, cursor: 'pointer' }}
      >
        {content}
      </Badge>
    );
  return (
    <Badge {...common} style={place}>
      {content}
    </Badge>
  );
}

type TTurnover = NonNullable<TTimelineRow['turnovers']>[number];

/** A check-out's turnover: a dot at the top of its day, coloured by its state (docs/staff.md#housekeeping). */
function Turnover({ turnover, from }: { turnover: TTurnover; from: string }) {
  const day = daysBetween(from, turnover.date);
  if (day < 0 || day >= WINDOW_DAYS) return null;
  const label = `Turnover ${turnover.date}: ${TASK_STATUS_LABELS[turnover.status]}`;
  return (
    <Box
      data-testid="timeline-turnover"
      data-status={turnover.status}
      title={label}
      style={{
        position: 'absolute',
        top: 1,
        left: day * DAY_PX + 2,
        width: 10,
        height: 10,
        borderRadius: '50%',
        zIndex: 1,
        border: '1px solid var(--mantine-color-body)',
        background: TURNOVER_COLOR[turnover.status],
      }}
    >
      <VisuallyHidden>{label}</VisuallyHidden>
    </Box>
  );
}

const TURNOVER_COLOR: Record<TTurnover['status'], string> = {
  todo: 'var(--mantine-color-gray-7)',
  in_progress: 'var(--mantine-color-blue-8)',
  done: 'var(--mantine-color-green-9)',
  problem: 'var(--mantine-color-red-9)',
};

/**
 * One home: its name (a link to its own calendar) and its stays and blocks as bars. Links go only to the
 * pages the viewer may open: the read-only timeline of a housekeeper or an owner is plain text.
 */
export function TimelineRow({
  row,
  from,
  links,
}: {
  row: TTimelineRow;
  from: string;
  links: TTimelineLinks;
}) {
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
        {links.homeCalendar ? (
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
        ) : (
          <Text size="sm" lineClamp={1}>
            {row.title}
          </Text>
        )}
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
          <Bar
            key={`${b.kind}-${b.startDate}-${b.bookingId ?? b.blockId ?? b.label}`}
            bar={b}
            from={from}
            linkBooking={links.bookings}
          />
        ))}
        {row.turnovers?.map((t) => (
          <Turnover key={t.taskId} turnover={t} from={from} />
        ))}
      </Box>
    </Group>
  );
}
