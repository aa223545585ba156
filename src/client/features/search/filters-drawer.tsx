import {
  Button,
  Checkbox,
  Drawer,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { AMENITIES, PROPERTY_TYPES } from '#shared/constants.ts';
import { PRICE_FILTER_MAX } from '#shared/search.ts';
import { useCurrency } from '../../lib/currency.tsx';
import { listOf, type TFilterFields } from '../../lib/search-state.ts';
import '../../styles/more-components.css';
import { PriceRangeFields } from './price-range-fields.tsx';

const BEDROOM_OPTIONS = [
  { value: '1', label: 'Any' },
  ...[2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: `${n}+` })),
];

const typeLabel = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

interface TDraft {
  /** In the display currency, as the guest typed it. */
  minPrice: number | '';
  maxPrice: number | '';
  types: string[];
  bedrooms: string;
  amenities: string[];
}

interface TProps {
  opened: boolean;
  filters: TFilterFields;
  onApply: (filters: TFilterFields) => void;
  onClose: () => void;
}

/**
 * The Filters dialog: a draft of the price range, types, bedrooms and amenities, applied to the URL by
 * 'Show homes'. Prices are typed in the display currency and sent in USD, which the server filters on:
 * the minimum rounds down and the maximum up, so a home shown at the typed price is never left out.
 */
export default function FiltersDrawer({ opened, filters, onApply, onClose }: TProps) {
  const { currency, rates } = useCurrency();
  const rate = currency === 'USD' ? 1 : rates.PKR;
  const toDraft = (f: TFilterFields): TDraft => ({
    minPrice: f.minPrice !== undefined ? Math.round(f.minPrice * rate) : '',
    maxPrice: f.maxPrice !== undefined ? Math.round(f.maxPrice * rate) : '',
    types: listOf(f.types),
    bedrooms: String(f.bedrooms ?? 1),
    amenities: listOf(f.amenities),
  });
  const [draft, setDraft] = useState<TDraft>(() => toDraft(filters));
  const [shownFor, setShownFor] = useState(filters);
  // Reopening after the URL changed (Back, Clear all elsewhere) starts from what the URL says.
  if (shownFor !== filters) {
    setShownFor(filters);
    setDraft(toDraft(filters));
  }
  const set = (patch: Partial<TDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const apply = () => {
    const usd = (v: number | '', round: (n: number) => number) =>
      v === '' ? undefined : Math.min(PRICE_FILTER_MAX, round(v / rate));
    let minPrice = usd(draft.minPrice, Math.floor);
    let maxPrice = usd(draft.maxPrice, Math.ceil);
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
      [minPrice, maxPrice] = [maxPrice, minPrice];
    const out: TFilterFields = {};
    if (minPrice) out.minPrice = minPrice;
    if (maxPrice !== undefined) out.maxPrice = maxPrice;
    if (draft.types.length) out.types = PROPERTY_TYPES.filter((t) => draft.types.includes(t)).join(',');
    if (Number(draft.bedrooms) > 1) out.bedrooms = Number(draft.bedrooms);
    if (draft.amenities.length)
      out.amenities = AMENITIES.filter((a) => draft.amenities.includes(a)).join(',');
    onApply(out);
  };

  const symbol = currency === 'USD' ? '$' : 'Rs ';
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title="Filters"
      data-testid="filters-dialog"
    >
      <Stack gap="lg" pb="md">
        <Stack gap="xs">
          <Title order={3} fz="md">
            Price per night ({currency})
          </Title>
          <PriceRangeFields
            symbol={symbol}
            min={draft.minPrice}
            max={draft.maxPrice}
            onChange={(minPrice, maxPrice) => set({ minPrice, maxPrice })}
          />
        </Stack>
        <Checkbox.Group label="Property type" value={draft.types} onChange={(types) => set({ types })}>
          <SimpleGrid cols={2} mt="xs">
            {PROPERTY_TYPES.map((t) => (
              <Checkbox key={t} value={t} label={typeLabel(t)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Stack gap={6}>
          <Text fw={500} size="sm" id="filters-bedrooms">
            Bedrooms (at least)
          </Text>
          <SegmentedControl
            aria-labelledby="filters-bedrooms"
            data={BEDROOM_OPTIONS}
            value={draft.bedrooms}
            onChange={(bedrooms) => set({ bedrooms })}
            fullWidth
          />
        </Stack>
        <Checkbox.Group
          label="Amenities"
          value={draft.amenities}
          onChange={(amenities) => set({ amenities })}
        >
          <SimpleGrid cols={2} mt="xs">
            {AMENITIES.map((a) => (
              <Checkbox key={a} value={a} label={a} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="space-between">
          <Button
            variant="subtle"
            onClick={() => setDraft({ minPrice: '', maxPrice: '', types: [], bedrooms: '1', amenities: [] })}
          >
            Clear all
          </Button>
          <Button onClick={apply}>Show homes</Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
