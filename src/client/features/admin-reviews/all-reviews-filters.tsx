import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDebouncedText } from '../../lib/use-debounced-text.ts';
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
  const [q, setQ] = useDebouncedText(search.q, (v) => onChange({ q: v }));
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid="all-reviews-filters">
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
      <TextInput
        label="Reviewer"
        placeholder="Reviewer name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange({ q: q.trim() || undefined });
        }}
        w={{ base: '100%', sm: 220 }}
        type="search"
      />
    </Group>
  );
}
