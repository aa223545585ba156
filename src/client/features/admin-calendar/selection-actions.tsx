import { Button, Card, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { addDays, daysBetween } from '#shared/dates.ts';
import { nightsLabel } from '#shared/labels.ts';
import { BLOCK_REASON_LABELS, BLOCK_REASONS, type TBlockReason } from '#shared/schemas/calendar.ts';
import type { TSelection } from './month-grid.tsx';
import { useCalendarMutations } from './api.ts';
import { nightsRange } from './nights-range.ts';

/** What to do with the selected nights: block them, reopen them, or give them a price. */
export function SelectionActions({
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
          {nightsRange(range.startDate, range.endDate, true)} · {nightsLabel(nights)} selected
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
            decimalScale={2}
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
