import { Pagination } from '@mantine/core';

const CONTROL_LABEL = {
  first: 'First page',
  last: 'Last page',
  next: 'Next page',
  previous: 'Previous page',
} as const;

/** The page buttons under a server-paged admin table, each named for screen readers ('Page 3', 'Next page'). */
export function TablePager({
  pages,
  page,
  onPage,
}: {
  pages: number;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <Pagination
      total={pages}
      value={Math.min(page, pages)}
      onChange={onPage}
      getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
      getControlProps={(control) => ({ 'aria-label': CONTROL_LABEL[control] })}
    />
  );
}
