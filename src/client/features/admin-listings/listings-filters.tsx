import { SegmentedControl } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PROPERTY_TYPES } from '#shared/constants.ts';
import { FilterBar, FilterSearch, FilterSelect, FilterTextInput } from '../../components/table-controls.tsx';
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
  const categories = useQuery(categoryChoicesQueryOptions());
  const categoryOptions = (categories.data ?? []).map((c) => c.name);
  if (search.category && !categoryOptions.includes(search.category)) categoryOptions.push(search.category);

  return (
    <FilterBar testId="listings-filters">
      <FilterSearch
        placeholder="Title or location"
        value={search.q}
        onChange={(q) => onChange({ q })}
        width={240}
      />
      <FilterSelect
        label="Type"
        placeholder="All types"
        data={TYPE_OPTIONS}
        value={search.type}
        onChange={(type) => onChange({ type })}
        w={{ base: '100%', xs: 140 }}
      />
      <FilterSelect
        label="Category"
        placeholder="All categories"
        data={categoryOptions}
        value={search.category}
        onChange={(category) => onChange({ category })}
        searchable
        w={{ base: '100%', xs: 170 }}
      />
      <FilterTextInput
        label="City"
        placeholder="Any city"
        value={search.city}
        onChange={(city) => onChange({ city })}
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
    </FilterBar>
  );
}
