import { Group, Select, Text } from '@mantine/core';
import { TablePager } from './table-pager.tsx';

/**
 * The line under a server-paged admin table: 'Showing a–b of n', the page size choice and the pages.
 * `noun` names the rows ('homes', 'reviews').
 */
export function TablePaging({
  total,
  page,
  pageSize,
  sizes,
  noun,
  onPage,
  onPageSize,
  testId,
}: {
  total: number;
  page: number;
  pageSize: number;
  sizes: readonly number[];
  noun: string;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  testId?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
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
          onChange={(v) => v && onPageSize(Number(v))}
          allowDeselect={false}
          w={90}
          size="xs"
        />
        {total > pageSize && <TablePager pages={pages} page={page} onPage={onPage} />}
      </Group>
    </Group>
  );
}
