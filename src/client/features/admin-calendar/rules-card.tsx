import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrency } from '../../lib/currency.tsx';
import { ratesQuery, useCalendarMutations } from './api.ts';
import { SeasonsTable } from './seasons-table.tsx';

/** The home's own rules: weekend price and minimum nights, and the list of seasons. */
export function RulesCard({ propertyId }: { propertyId: number }) {
  const rates = useQuery(ratesQuery(propertyId));
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
            decimalScale={2}
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
          <SeasonsTable
            seasons={seasons}
            onRemove={(rateId) => m.deleteRate.mutate({ id: propertyId, rateId })}
          />
        )}
      </Stack>
    </Card>
  );
}
