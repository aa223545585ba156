import { Group, Select, Text, TextInput, type SelectProps, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useDebouncedText } from '../lib/use-debounced-text.ts';
import { TablePager } from './table-pager.tsx';

/**
 * What surrounds a server-paged admin table: its filters above, its paging below. One module, so the admin
 * pages share one chunk for them (every shared chunk is a name in the entry's preload map).
 */

/**
 * The filters above an admin table. Each takes its value as the URL holds it (undefined: not filtered) and
 * reports a change the same way; the page writes it to the URL and goes back to page 1.
 */

/** The row of filters, wrapping on narrow screens. */
export function FilterBar({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid={testId}>
      {children}
    </Group>
  );
}

type TTextProps = Omit<TextInputProps, 'value' | 'onChange' | 'onKeyDown' | 'type' | 'leftSection'> & {
  value: string | undefined;
  /** The trimmed text (undefined when empty), after a pause in typing or at once on Enter. */
  onChange: (value: string | undefined) => void;
  /** A free-text search box (search icon, type="search") rather than one column's filter. */
  search?: boolean;
};

/** A text filter: it follows the URL (Back/forward) and reports after a pause in typing or on Enter. */
export function FilterTextInput({ value, onChange, search = false, ...props }: TTextProps) {
  const [text, setText] = useDebouncedText(value, onChange);
  return (
    <TextInput
      {...props}
      type={search ? 'search' : undefined}
      leftSection={search ? <IconSearch size={16} aria-hidden /> : undefined}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onChange(text.trim() || undefined);
      }}
    />
  );
}

/** A table's free-text search, `q` in the URL; `placeholder` names what the server matches it against. */
export function FilterSearch({
  value,
  onChange,
  placeholder,
  width,
}: {
  value: string | undefined;
  onChange: (q: string | undefined) => void;
  placeholder: string;
  /** Its width from the `sm` breakpoint up; below it, the whole row. */
  width: number;
}) {
  return (
    <FilterTextInput
      search
      label="Search"
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      w={{ base: '100%', sm: width }}
    />
  );
}

type TSelectProps<T extends string> = Omit<SelectProps, 'value' | 'onChange' | 'data' | 'clearable'> & {
  /** The choices; typed by the filter's own values, so a choice the URL cannot hold does not compile. */
  data: readonly (NoInfer<T> | { value: NoInfer<T>; label: string })[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
};

/** A filter picked from a list, or cleared to show all. */
export function FilterSelect<T extends string>({ data, value, onChange, ...props }: TSelectProps<T>) {
  return (
    <Select
      {...props}
      data={data}
      value={value ?? null}
      // Mantine answers one of `data`'s values, or null when cleared.
      onChange={(v) => onChange((v as T | null) ?? undefined)}
      clearable
    />
  );
}

/** What a table keeps of its paging in the URL; page 1 is the URL's default, so it is left out. */
export interface TPagingSearch {
  page?: number;
  pageSize?: number;
}

/**
 * The line under a server-paged admin table: 'Showing a–b of n', the page size choice and the pages.
 * `noun` names the rows ('homes', 'reviews'). `onSearch` is the table's URL patch: a page keeps the rest
 * of the search as it is (`resetPage` false), a new page size starts again at page 1.
 */
export function TablePaging({
  of: { total, page, pageSize },
  sizes,
  noun,
  onSearch,
  testId,
}: {
  /** The page the server answered. */
  of: { total: number; page: number; pageSize: number };
  sizes: readonly number[];
  noun: string;
  onSearch: (patch: TPagingSearch, resetPage?: boolean) => void;
  testId?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const onPage = (to: number) => onSearch({ page: to > 1 ? to : undefined }, false);
  return (
    <Group justify="space-between" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {total === 0
          ? `0 ${noun}`
          : `Showing ${(page - 1) * pageSize + 1}–${Math.min(page * pageSize, total)} of ${total}`}
      </Text>
      <Group gap="md">
        <Select
          aria-label="Rows per page"
          data={sizes.map(String)}
          value={String(pageSize)}
          onChange={(v) => v && onSearch({ pageSize: Number(v) })}
          allowDeselect={false}
          w={90}
          size="xs"
        />
        {total > pageSize && <TablePager pages={pages} page={page} onPage={onPage} />}
      </Group>
    </Group>
  );
}
