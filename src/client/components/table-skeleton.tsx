import { Skeleton, Table } from '@mantine/core';

/** Loading rows for an admin table: `rows` rows of `cols` cells (the listings show 5 × 8, admin-side §2.4). */
export function TableSkeleton({ rows, cols }: { rows: number; cols: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <Table.Tr key={i} data-testid="skeleton-row">
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
