import { Group, Pagination, Select, Text } from '@mantine/core';

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
        {total > pageSize && (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPage}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            getControlProps={(control) => ({
              'aria-label': {
                first: 'First page',
                last: 'Last page',
                next: 'Next page',
                previous: 'Previous page',
              }[control],
            })}
          />
        )}
      </Group>
    </Group>
  );
}
