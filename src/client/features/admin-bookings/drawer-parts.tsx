import { Stack, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export { STATUS_WORD as STATUS_LABEL } from '#shared/stay-status.ts';
export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function Rows({ rows, testId }: { rows: [string, string][]; testId: string }) {
  return (
    <Table withRowBorders={false} verticalSpacing={2} data-testid={testId}>
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th scope="row" fw={500} c="dimmed" w="45%">
              {k}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{v}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
