import { Select } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ownerChoicesQuery } from '../lib/api/owners.ts';

/**
 * Picks one of the team's owners, searched on the server as one types. The chosen owner's label is kept
 * while the search shows others, and the text of the choice itself is not taken for a search.
 */
export function OwnerSelect({
  value,
  onChange,
  clearable = false,
  placeholder = 'Search owners',
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  clearable?: boolean;
  placeholder?: string;
}) {
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<Record<string, string>>({});
  const selected = value === null ? null : String(value);
  const selectedLabel = selected ? (known[selected] ?? `Owner ${selected}`) : undefined;
  const q = search.trim() && search !== selectedLabel ? search.trim() : undefined;
  const owners = useQuery({
    ...ownerChoicesQuery(q),
    placeholderData: keepPreviousData,
  });
  const options = (owners.data?.items ?? []).map((o) => ({
    value: String(o.id),
    label: `${o.name} (${o.email})`,
  }));
  const missing = selected && !options.some((o) => o.value === selected);
  const data = missing ? [{ value: selected, label: selectedLabel ?? '' }, ...options] : options;
  return (
    <Select
      label="Owner"
      placeholder={placeholder}
      data={data}
      value={selected}
      onChange={(v, option) => {
        if (v && option) setKnown((prev) => ({ ...prev, [v]: option.label }));
        onChange(v === null ? null : Number(v));
      }}
      searchable
      clearable={clearable}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage="No owner matches"
      w={320}
      maw="100%"
    />
  );
}
