import { Skeleton, Table } from '@mantine/core';

/** Loading rows for an admin table: `rows` rows of `cols` cells (the listings show 5 × 8, docs/product.md#admin-listings). */
export function TableSkeleton({
  rows,
  cols,
  testId = 'skeleton-row',
}: {
  rows: number;
  cols: number;
  testId?: string;
}) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <Table.Tr key={i} data-testid={testId}>
          {Array.from({ length: cols }, (_, j) => (
            <Table.Td key={j}>
              <Skeleton h={20} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}
