import { Button, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { TBookingsSearch } from './search.ts';

const STATUS_OPTIONS = [
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
  const [q, setQ] = useState(search.q ?? '');
  // Back/forward changes the URL's search: the box follows it (state adjusted during render).
  const [urlQ, setUrlQ] = useState(search.q);
  if (urlQ !== search.q) {
    setUrlQ(search.q);
    setQ(search.q ?? '');
  }
  // The search waits for a pause in typing, so each keystroke is not a query.
  useEffect(() => {
    const t = setTimeout(() => {
      if ((search.q ?? '') !== q.trim()) onChange({ q: q.trim() || undefined });
    }, 350);
    return () => clearTimeout(t);
  }, [q, search.q, onChange]);

  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid="bookings-filters">
      <TextInput
        label="Search"
        placeholder="Guest name, e-mail or confirmation number"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange({ q: q.trim() || undefined });
        }}
        w={{ base: '100%', sm: 260 }}
        type="search"
      />
      <Select
        label="Status"
        placeholder="All statuses"
        data={STATUS_OPTIONS}
        value={search.status ?? null}
        onChange={(v) => onChange({ status: (v as TBookingsSearch['status']) ?? undefined })}
        clearable
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
    </Group>
  );
}
