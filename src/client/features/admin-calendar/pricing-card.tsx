import { Button, Card, Chip, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TPricing, TPricingInput } from '#shared/schemas/pricing.ts';
import { pricingQuery, useSavePricing } from './api.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

type TNumberField = Exclude<keyof TPricingInput, 'petsAllowed' | 'checkInDays' | 'checkOutDays'>;

const FIELDS: { key: TNumberField; label: string; unit: '$' | '%' | '' }[] = [
  { key: 'cleaningFee', label: 'Cleaning fee (per stay)', unit: '$' },
  { key: 'extraGuestFee', label: 'Extra guest fee (per night)', unit: '$' },
  { key: 'extraGuestsAbove', label: '…for each guest above', unit: '' },
  { key: 'petFee', label: 'Pet fee (per stay)', unit: '$' },
  { key: 'weeklyDiscount', label: 'Weekly discount (7+ nights)', unit: '%' },
  { key: 'monthlyDiscount', label: 'Monthly discount (28+ nights)', unit: '%' },
  { key: 'lastMinuteDiscount', label: 'Last-minute discount', unit: '%' },
  { key: 'lastMinuteDays', label: '…check-in within days', unit: '' },
  { key: 'earlyBirdDiscount', label: 'Early-bird discount', unit: '%' },
  { key: 'earlyBirdDays', label: '…booked days ahead', unit: '' },
  { key: 'touristTaxPerPerson', label: 'Tourist tax per person per night', unit: '$' },
  { key: 'touristTaxPercent', label: 'Tourist tax in percent', unit: '%' },
  { key: 'maxNights', label: 'Maximum nights (blank: settings)', unit: '' },
  // Held or taken apart from the price, never revenue (docs/payments.md#damage-deposit).
  { key: 'securityDeposit', label: 'Damage deposit (per stay, not part of the price)', unit: '$' },
];

type TDraft = Record<TNumberField, number | string> & {
  checkInDays: string[];
  checkOutDays: string[];
};

function toDraft(p: TPricing): TDraft {
  const draft = {} as TDraft;
  for (const f of FIELDS) draft[f.key] = p[f.key] ?? '';
  draft.checkInDays = p.checkInDays.map(String);
  draft.checkOutDays = p.checkOutDays.map(String);
  return draft;
}

function toInput(d: TDraft): TPricingInput {
  // Whether the home takes pets is its listing's 'Pets allowed' amenity (docs/features.md#pets), left as it is.
  const input: TPricingInput = {
    checkInDays: d.checkInDays.map(Number),
    checkOutDays: d.checkOutDays.map(Number),
  };
  for (const f of FIELDS) {
    const v = d[f.key];
    input[f.key] = typeof v === 'number' ? v : null;
  }
  return input;
}

/** The home's fees, discounts, tourist tax and check-in rules (docs/money.md), saved together. */
export function PricingCard({ propertyId }: { propertyId: number }) {
  const query = useQuery(pricingQuery(propertyId));
  return query.data ? <PricingForm key={propertyId} pricing={query.data} /> : null;
}

function PricingForm({ pricing }: { pricing: TPricing }) {
  const [draft, setDraft] = useState(() => toDraft(pricing));
  const save = useSavePricing(() =>
    notifications.show({ message: 'Fees and discounts saved', color: 'green' }),
  );
  const set = (patch: Partial<TDraft>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <Card withBorder padding="md" data-testid="pricing-card">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Fees, discounts and taxes
        </Title>
        <Text size="sm" c="dimmed">
          Each is optional. Discounts apply to the nights (length of stay first, then last-minute or
          early-bird), fees are added, the GST is charged on both, and the tourist tax comes last.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {FIELDS.map((f) => (
            <NumberInput
              key={f.key}
              label={f.label}
              min={0}
              max={f.unit === '%' ? 100 : undefined}
              decimalScale={f.key === 'touristTaxPercent' || f.unit === '$' ? 2 : 0}
              prefix={f.unit === '$' ? '$' : undefined}
              suffix={f.unit === '%' ? '%' : undefined}
              value={draft[f.key]}
              onChange={(v) => set({ [f.key]: v })}
            />
          ))}
        </SimpleGrid>
        <Text size="sm" data-testid="pets-setting">
          {pricing.petsAllowed ? 'This home allows pets' : 'This home does not allow pets'}: change it with
          the ‘Pets allowed’ amenity of the listing.
        </Text>
        {(['checkInDays', 'checkOutDays'] as const).map((key) => (
          <Stack gap={4} key={key}>
            <Text size="sm" fw={500} id={`${key}-label`}>
              {key === 'checkInDays' ? 'Check-in days' : 'Check-out days'} (none chosen: any day)
            </Text>
            <Chip.Group multiple value={draft[key]} onChange={(v) => set({ [key]: v })}>
              <Group gap={6} role="group" aria-labelledby={`${key}-label`}>
                {WEEKDAYS.map((day, i) => (
                  <Chip key={day} value={String(i)} size="xs">
                    {day}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
        ))}
        <Group>
          <Button
            onClick={() => save.mutate({ id: pricing.propertyId, ...toInput(draft) })}
            loading={save.isPending}
            data-testid="save-pricing"
          >
            Save fees and discounts
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
