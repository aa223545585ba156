import { Group, Select, Text } from '@mantine/core';
import { TablePager } from './table-pager.tsx';

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
