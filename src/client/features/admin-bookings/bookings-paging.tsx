import { Group, Text } from '@mantine/core';
import type { TAdminBookingList } from '#shared/schemas/admin.ts';
import { TablePager } from '../../components/table-pager.tsx';

/** 'Showing a–b of n', and the pager once there is more than one page. */
export function BookingsPaging({
  data,
  pages,
  page,
  onPage,
}: {
  data: TAdminBookingList;
  pages: number;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <Group justify="space-between" data-testid="bookings-paging">
      <Text size="sm" c="dimmed">
        {data.total === 0
          ? '0 bookings'
          : `Showing ${(data.page - 1) * data.pageSize + 1}–${Math.min(data.page * data.pageSize, data.total)} of ${data.total}`}
      </Text>
      {data.total > data.pageSize && <TablePager pages={pages} page={page} onPage={onPage} />}
    </Group>
  );
}
