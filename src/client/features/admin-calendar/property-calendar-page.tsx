import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { useState } from 'react';
import { addDays, daysBetween, formatIsoDate, todayIso } from '../../../shared/dates.ts';
import { BLOCK_REASON_LABELS, BLOCK_REASONS, type TBlockReason } from '../../../shared/schemas/calendar.ts';
import { useCurrency } from '../../lib/currency.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useCalendarMutations } from './api.ts';
import { BAR_STYLE } from './bar-colors.ts';
import { BarLegend, PeriodStepper } from './calendar-controls.tsx';
import { IcalPanel } from './ical-panel.tsx';
import { MonthGrid, type TSelection } from './month-grid.tsx';
import { monthStartOf, monthTitle, shiftMonth } from './months.ts';
import { nightsLabel } from '../../../shared/labels.ts';
import '../../styles/more-components.css';

/** What to do with the selected nights: block them, reopen them, or give them a price. */
function SelectionActions({
  propertyId,
  selection,
  onDone,
}: {
  propertyId: number;
  selection: TSelection;
  onDone: () => void;
}) {
  const m = useCalendarMutations();
  const [reason, setReason] = useState<TBlockReason>('maintenance');
  const [note, setNote] = useState('');
  const [price, setPrice] = useState<number | string>('');
  const range = { id: propertyId, startDate: selection.start, endDate: addDays(selection.last, 1) };
  const nights = daysBetween(range.startDate, range.endDate);
  return (
    <Card withBorder padding="md" data-testid="selection-actions">
      <Stack gap="sm">
        <Text fw={600} aria-live="polite">
          {formatIsoDate(range.startDate, true)} – {formatIsoDate(range.endDate, true)} ·{' '}
          {nightsLabel(nights)} selected
        </Text>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Reason"
            data={BLOCK_REASONS.map((r) => ({ value: r, label: BLOCK_REASON_LABELS[r] }))}
            value={reason}
            onChange={(v) => v && setReason(v)}
            allowDeselect={false}
            w={160}
          />
          <TextInput
            label="Note"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={200}
            w={200}
          />
          <Button
            loading={m.block.isPending}
            onClick={() => m.block.mutate({ ...range, reason, note }, { onSuccess: onDone })}
          >
            Block dates
          </Button>
          <Button
            variant="default"
            loading={m.reopen.isPending}
            onClick={() => m.reopen.mutate(range, { onSuccess: onDone })}
          >
            Reopen
          </Button>
        </Group>
        <Group align="flex-end" wrap="wrap">
          <NumberInput
            label="Nightly price"
            min={1}
            max={1_000_000}
            value={price}
            onChange={setPrice}
            w={160}
            prefix="$"
          />
          <Button
            variant="light"
            disabled={typeof price !== 'number' || price < 1}
            loading={m.setRate.isPending}
            onClick={() =>
              typeof price === 'number' &&
              m.setRate.mutate({ ...range, kind: 'season', nightlyPrice: price }, { onSuccess: onDone })
            }
          >
            Set price
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Clear selection
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The home's own rules: weekend price and minimum nights, and the list of seasons. */
function RulesCard({ propertyId }: { propertyId: number }) {
  const rates = useQuery(trpc.calendar.rates.queryOptions({ id: propertyId }));
  const m = useCalendarMutations();
  const { format } = useCurrency();
  const weekend = rates.data?.find((r) => r.kind === 'weekend');
  const minNights = rates.data?.find((r) => r.kind === 'minNights');
  const [weekendPrice, setWeekendPrice] = useState<number | string>('');
  const [min, setMin] = useState<number | string>('');
  const seasons = rates.data?.filter((r) => r.kind === 'season') ?? [];
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Prices and stay rules
        </Title>
        <Text size="sm" c="dimmed">
          A night costs its season&apos;s price; otherwise the weekend price on Friday and Saturday nights;
          otherwise the home&apos;s price. A new season replaces older ones on the nights it covers.
        </Text>
        <Group align="flex-end">
          <NumberInput
            label={`Weekend price${weekend ? ` (now ${format(weekend.nightlyPrice ?? 0)})` : ''}`}
            min={1}
            prefix="$"
            value={weekendPrice}
            onChange={setWeekendPrice}
            w={220}
          />
          <Button
            variant="light"
            disabled={typeof weekendPrice !== 'number'}
            onClick={() =>
              typeof weekendPrice === 'number' &&
              m.setRate.mutate({ id: propertyId, kind: 'weekend', nightlyPrice: weekendPrice })
            }
          >
            Save weekend price
          </Button>
          {weekend && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => m.deleteRate.mutate({ id: propertyId, rateId: weekend.id })}
            >
              Remove
            </Button>
          )}
        </Group>
        <Group align="flex-end">
          <NumberInput
            label={`Minimum nights${minNights ? ` (now ${minNights.minNights})` : ' (settings default)'}`}
            min={1}
            max={365}
            value={min}
            onChange={setMin}
            w={220}
          />
          <Button
            variant="light"
            disabled={typeof min !== 'number'}
            onClick={() =>
              typeof min === 'number' &&
              m.setRate.mutate({ id: propertyId, kind: 'minNights', minNights: min })
            }
          >
            Save minimum
          </Button>
          {minNights && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => m.deleteRate.mutate({ id: propertyId, rateId: minNights.id })}
            >
              Use default
            </Button>
          )}
        </Group>
        {seasons.length > 0 && (
          <Table data-testid="seasons">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Season</Table.Th>
                <Table.Th>Nightly price</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {seasons.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    {formatIsoDate(s.startDate ?? '', true)} – {formatIsoDate(s.endDate ?? '', true)}
                  </Table.Td>
                  <Table.Td>{format(s.nightlyPrice ?? 0)}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove the season from ${formatIsoDate(s.startDate ?? '', true)}`}
                      onClick={() => m.deleteRate.mutate({ id: propertyId, rateId: s.id })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/** The admin's calendar of one home (issue 14): a month of nights, prices and holds, and the home's rules. */
export function PropertyCalendarPage({ propertyId }: { propertyId: number }) {
  const [monthStart, setMonthStart] = useState(() => monthStartOf(todayIso()));
  const [selection, setSelection] = useState<TSelection | null>(null);
  const { format } = useCurrency();
  const month = useQuery(
    trpc.calendar.month.queryOptions({ id: propertyId, from: monthStart, to: shiftMonth(monthStart, 1) }),
  );
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
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder padding="md">
          <Stack gap="xs">
            <Title order={3} size="h4">
              This month
            </Title>
            {bars.length === 0 && <Text c="dimmed">Nothing booked or blocked.</Text>}
            {bars.map((b) => (
              <Group
                key={`${b.kind}-${b.startDate}-${b.bookingId ?? b.blockId ?? b.label}`}
                justify="space-between"
                wrap="nowrap"
              >
                <Group gap="xs" wrap="nowrap">
                  <Badge color={BAR_STYLE[b.kind].color} variant="filled" autoContrast>
                    {BAR_STYLE[b.kind].label}
                  </Badge>
                  <Text size="sm">
                    {formatIsoDate(b.startDate)} – {formatIsoDate(b.endDate)} · {b.label}
                  </Text>
                </Group>
                {b.bookingId !== null && (
                  <AnchorLink to="/admin/bookings" size="sm">
                    View booking
                  </AnchorLink>
                )}
                {b.kind === 'block' && b.blockId !== null && (
                  <RemoveBlock propertyId={propertyId} blockId={b.blockId} />
                )}
              </Group>
            ))}
          </Stack>
        </Card>
        <RulesCard propertyId={propertyId} />
      </SimpleGrid>
      <IcalPanel propertyId={propertyId} />
    </Stack>
  );
}

function RemoveBlock({ propertyId, blockId }: { propertyId: number; blockId: number }) {
  const m = useCalendarMutations();
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      loading={m.unblock.isPending}
      onClick={() => m.unblock.mutate({ id: propertyId, blockId })}
    >
      Reopen
    </Button>
  );
}
