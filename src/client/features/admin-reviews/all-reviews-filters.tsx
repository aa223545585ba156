import { Select } from '@mantine/core';
import { FilterBar, FilterTextInput } from '../../components/table-controls.tsx';
import { RATING_OPTIONS } from './review-fields.tsx';
import type { TReviewsSearch } from './search.ts';

/** Home, rating and reviewer name of the cross-home list; every change goes to the URL (and page 1). */
export function AllReviewsFilters({
  search,
  propertyOptions,
  onChange,
}: {
  search: TReviewsSearch;
  propertyOptions: { value: string; label: string }[];
  onChange: (patch: Partial<TReviewsSearch>) => void;
}) {
  return (
    <FilterBar testId="all-reviews-filters">
      <Select
        label="Home"
        placeholder="All homes"
        data={propertyOptions}
        value={search.property !== undefined ? String(search.property) : null}
        onChange={(v) => onChange({ property: v ? Number(v) : undefined })}
        searchable
        clearable
        nothingFoundMessage="No properties found"
        w={{ base: '100%', sm: 320 }}
      />
      <Select
        label="Rating"
        placeholder="Any rating"
        data={RATING_OPTIONS}
        value={search.rating !== undefined ? String(search.rating) : null}
        onChange={(v) => onChange({ rating: v ? Number(v) : undefined })}
        clearable
        w={{ base: '100%', xs: 140 }}
      />
      <FilterTextInput
        search
        label="Reviewer"
        placeholder="Reviewer name"
        value={search.q}
        onChange={(q) => onChange({ q })}
        w={{ base: '100%', sm: 220 }}
      />
    </FilterBar>
  );
}
