import { Button, NumberInput, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { FilterBar, FilterSearch, FilterSelect } from '../../components/table-controls.tsx';
import type { TBookingsSearch } from './search.ts';

const STATUS_OPTIONS: { value: NonNullable<TBookingsSearch['status']>; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'requested', label: 'Requested' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'declined', label: 'Declined' },
];

/** Search and filters; every change goes to the URL (and back to page 1). */
export function BookingsFilters({
  search,
  onChange,
  exportHref,
}: {
  search: TBookingsSearch;
  onChange: (patch: Partial<TBookingsSearch>) => void;
  exportHref: string;
}) {
  return (
    <FilterBar testId="bookings-filters">
      <FilterSearch
        placeholder="Guest name, e-mail or confirmation number"
        value={search.q}
        onChange={(q) => onChange({ q })}
        width={260}
      />
      <FilterSelect
        label="Status"
        placeholder="All statuses"
        data={STATUS_OPTIONS}
        value={search.status}
        onChange={(status) => onChange({ status })}
        w={{ base: '100%', xs: 150 }}
      />
      <NumberInput
        label="Property ID"
        placeholder="Any"
        min={1}
        allowDecimal={false}
        value={search.propertyId ?? ''}
        onChange={(v) => onChange({ propertyId: typeof v === 'number' && v > 0 ? v : undefined })}
        w={{ base: '100%', xs: 120 }}
      />
      <TextInput
        label="Staying from"
        type="date"
        value={search.from ?? ''}
        onChange={(e) => onChange({ from: e.currentTarget.value || undefined })}
        w={{ base: '100%', xs: 160 }}
      />
      <TextInput
        label="Staying to"
        type="date"
        value={search.to ?? ''}
        onChange={(e) => onChange({ to: e.currentTarget.value || undefined })}
        w={{ base: '100%', xs: 160 }}
      />
      <Button
        component="a"
        href={exportHref}
        download
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
      >
        Export CSV
      </Button>
    </FilterBar>
  );
}
