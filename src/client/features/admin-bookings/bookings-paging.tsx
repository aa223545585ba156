import { Group, Pagination, Text } from '@mantine/core';
import type { TAdminBookingList } from '../../../shared/schemas/admin.ts';

const CONTROL_LABEL = {
  first: 'First page',
  last: 'Last page',
  next: 'Next page',
  previous: 'Previous page',
} as const;

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
      {data.total > data.pageSize && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABEL[control] })}
        />
      )}
    </Group>
  );
}
