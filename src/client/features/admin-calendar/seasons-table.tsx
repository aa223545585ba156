import { ActionIcon, Table } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatIsoDate } from '#shared/dates.ts';
import type { TRate } from '#shared/schemas/calendar.ts';
import { useCurrency } from '../../lib/currency.tsx';
import { nightsRange } from './nights-range.ts';

/** The home's seasons, each with its nightly price and a remove button. */
export function SeasonsTable({
  seasons,
  onRemove,
}: {
  seasons: TRate[];
  onRemove: (rateId: number) => void;
}) {
  const { format } = useCurrency();
  return (
    <Table data-testid="seasons">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Nights</Table.Th>
          <Table.Th>Nightly price</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {seasons.map((s) => (
          <Table.Tr key={s.id}>
            <Table.Td>{nightsRange(s.startDate ?? '', s.endDate ?? '', true)}</Table.Td>
            <Table.Td>{format(s.nightlyPrice ?? 0)}</Table.Td>
            <Table.Td>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove the season from ${formatIsoDate(s.startDate ?? '', true)}`}
                onClick={() => onRemove(s.id)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
