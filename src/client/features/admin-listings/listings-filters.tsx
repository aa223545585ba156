import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PROPERTY_TYPES } from '#shared/constants.ts';
import { useDebouncedText } from '../../lib/use-debounced-text.ts';
import { categoryChoicesQueryOptions } from './api.ts';
import type { TListingsSearch } from './search.ts';

const TYPE_OPTIONS = PROPERTY_TYPES.map((t) => ({ value: t, label: t[0]!.toUpperCase() + t.slice(1) }));

/** Search, filters and Active/Archived; every change goes to the URL (and back to page 1). */
export function ListingsFilters({
  search,
  onChange,
}: {
  search: TListingsSearch;
  onChange: (patch: Partial<TListingsSearch>) => void;
}) {
  const [q, setQ] = useDebouncedText(search.q, (v) => onChange({ q: v }));
  const [city, setCity] = useDebouncedText(search.city, (v) => onChange({ city: v }));
  const categories = useQuery(categoryChoicesQueryOptions());
  const categoryOptions = (categories.data ?? []).map((c) => c.name);
  if (search.category && !categoryOptions.includes(search.category)) categoryOptions.push(search.category);

  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid="listings-filters">
      <TextInput
        label="Search"
        placeholder="Title or location"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange({ q: q.trim() || undefined });
        }}
        w={{ base: '100%', sm: 240 }}
        type="search"
      />
      <Select
        label="Type"
        placeholder="All types"
        data={TYPE_OPTIONS}
        value={search.type ?? null}
        onChange={(v) => onChange({ type: (v as TListingsSearch['type']) ?? undefined })}
        clearable
        w={{ base: '100%', xs: 140 }}
      />
      <Select
        label="Category"
        placeholder="All categories"
        data={categoryOptions}
        value={search.category ?? null}
        onChange={(v) => onChange({ category: v ?? undefined })}
        clearable
        searchable
        w={{ base: '100%', xs: 170 }}
      />
      <TextInput
        label="City"
        placeholder="Any city"
        value={city}
        onChange={(e) => setCity(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange({ city: city.trim() || undefined });
        }}
        w={{ base: '100%', xs: 150 }}
      />
      <SegmentedControl
        aria-label="Show"
        value={search.status === 'archived' ? 'archived' : 'active'}
        onChange={(v) => onChange({ status: v === 'archived' ? 'archived' : undefined })}
        data={[
          { value: 'active', label: 'Active' },
          { value: 'archived', label: 'Archived' },
        ]}
      />
    </Group>
  );
}
