import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { homeChoicesQuery } from '../../lib/api/operator-bookings.ts';

/** A searchable pick of one listed home; `known` keeps the current home in the list before any search. */
export function HomePicker({
  value,
  onChange,
  known,
  label = 'Home',
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  known?: { id: number; title: string } | undefined;
  label?: string;
}) {
  const [search, setSearch] = useState('');
  const homes = useQuery(homeChoicesQuery(search.trim()));
  const data = new Map<string, string>();
  if (known) data.set(String(known.id), known.title);
  for (const h of homes.data?.items ?? []) data.set(String(h.id), h.title);
  return (
    <Select
      label={label}
      required
      searchable
      nothingFoundMessage={homes.isFetching ? 'Searching…' : 'No home found'}
      data={[...data].map(([v, l]) => ({ value: v, label: l }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      onSearchChange={setSearch}
      searchValue={search}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
