import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableSkeleton } from './table-skeleton.tsx';

/**
 * An admin table's body in its three states: skeleton rows while `items` is loading, one centred line
 * when there are none, and otherwise a row per item.
 */
export function AdminTableBody<T>({
  items,
  cols,
  empty,
  renderRow,
  skeletonRows = 5,
  skeletonTestId,
}: {
  items: readonly T[] | undefined;
  cols: number;
  /** The line shown when the list is empty ('No bookings found'). */
  empty: string;
  renderRow: (item: T) => ReactNode;
  skeletonRows?: number;
  skeletonTestId?: string;
}) {
  return (
    <Table.Tbody>
      {!items ? (
        <TableSkeleton rows={skeletonRows} cols={cols} testId={skeletonTestId} />
      ) : items.length === 0 ? (
        <Table.Tr>
          <Table.Td colSpan={cols}>
            <Text ta="center" c="dimmed" py="lg">
              {empty}
            </Text>
          </Table.Td>
        </Table.Tr>
      ) : (
        items.map(renderRow)
      )}
    </Table.Tbody>
  );
}
