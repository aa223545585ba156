import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { todayIso } from '#shared/dates.ts';
import { nightsLabel } from '#shared/labels.ts';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { useCurrency } from '../../lib/currency.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { monthQuery } from './api.ts';
import { BarLegend, PeriodStepper } from './calendar-controls.tsx';
import { IcalPanel } from './ical-panel.tsx';
import { MonthBarsCard } from './month-bars-card.tsx';
import { MonthGrid, type TSelection } from './month-grid.tsx';
import { monthStartOf, monthTitle, shiftMonth } from './months.ts';
import { RulesCard } from './rules-card.tsx';
import { PricingCard } from './pricing-card.tsx';
import { SelectionActions } from './selection-actions.tsx';
import { SelectionBookings } from './selection-bookings.tsx';
import '../../styles/more-components.css';

/** The admin's calendar of one home (docs/features.md#operator-calendar): a month of nights, prices and holds, and the home's rules. */
export function PropertyCalendarPage({ propertyId }: { propertyId: number }) {
  const [monthStart, setMonthStart] = useState(() => monthStartOf(todayIso()));
  const [selection, setSelection] = useState<TSelection | null>(null);
  const { format } = useCurrency();
  const month = useQuery(monthQuery(propertyId, monthStart));
  const bars = month.data?.bars ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <div>
          <AnchorLink to="/admin/calendar" size="sm">
            All homes
          </AnchorLink>
          <Title order={1} size="h2">
            {month.data?.title ?? 'Calendar'}
          </Title>
          {month.data && (
            <Text size="sm" c="dimmed">
              {format(month.data.basePrice)} a night · at least {nightsLabel(month.data.minNights)}
            </Text>
          )}
        </div>
        <PeriodStepper
          previous="Previous month"
          next="Next month"
          onPrevious={() => setMonthStart((m) => shiftMonth(m, -1))}
          onNext={() => setMonthStart((m) => shiftMonth(m, 1))}
        >
          <Text fw={600} miw={150} ta="center" data-testid="calendar-month">
            {monthTitle(monthStart)}
          </Text>
        </PeriodStepper>
      </Group>
      {month.isError && (
        <Alert color="red" icon={<IconAlertCircle />}>
          {errorMessage(month.error, 'Could not load the calendar')}
        </Alert>
      )}
      <BarLegend />
      <MonthGrid
        month={month.data}
        monthStart={monthStart}
        selection={selection}
        onSelect={setSelection}
        format={format}
      />
      {selection && (
        <SelectionActions propertyId={propertyId} selection={selection} onDone={() => setSelection(null)} />
      )}
      {selection && (
        <SelectionBookings
          propertyId={propertyId}
          homeTitle={month.data?.title ?? ''}
          bars={bars}
          selection={selection}
          onDone={() => setSelection(null)}
        />
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <MonthBarsCard propertyId={propertyId} bars={bars} />
        <RulesCard propertyId={propertyId} />
        <PricingCard propertyId={propertyId} />
      </SimpleGrid>
      <IcalPanel propertyId={propertyId} />
    </Stack>
  );
}
