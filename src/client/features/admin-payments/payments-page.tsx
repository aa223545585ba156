import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Paper,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  formatMinor,
  METHOD_LABELS,
  PAYMENT_LIST_VIEWS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  type TPaymentMethod,
} from '#shared/payments.ts';
import { AdminPageHeader } from '../../components/admin-page-header.tsx';
import { scrollable } from '../../components/scrollable-region.ts';
import { TablePager } from '../../components/table-pager.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { paymentsPageQuery } from './api.ts';

type TView = (typeof PAYMENT_LIST_VIEWS)[number];
const VIEW_LABELS: Record<TView, string> = {
  outstanding: 'Outstanding',
  overdue: 'Overdue',
  received: 'Received',
  refunds_due: 'Refunds due',
};
const PAGE_SIZE = 50;

/** Admin → Payments (docs/payments.md#admin): outstanding, overdue, received and refunds due, with totals and CSV. */
export function PaymentsPage() {
  const [view, setView] = useState<TView>('outstanding');
  const [method, setMethod] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const validDate = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? d : undefined);
  const input = {
    view,
    method: view === 'received' && method ? (method as TPaymentMethod) : undefined,
    from: validDate(from),
    to: validDate(to),
    page,
    pageSize: PAGE_SIZE,
  };
  const list = useQuery({
    ...paymentsPageQuery(input),
    placeholderData: keepPreviousData,
  });
  const csv = new URLSearchParams(
    Object.entries({ view, method: input.method, from: input.from, to: input.to }).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
  const totals = list.data?.totals;
  return (
    <>
      <AdminPageHeader
        title="Payments"
        description="Balances still to pay, deposits and balances past due, money received and refunds to make."
        actions={
          <Button component="a" variant="light" href={`/api/admin/payments/export.csv?${csv.toString()}`}>
            Export CSV
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
        <Paper withBorder p="sm">
          <Text size="sm">Received{from || to ? ' in range' : ''}</Text>
          <Text fw={700} data-testid="total-received">
            {totals ? formatMinor(totals.received) : '…'}
          </Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="sm">Refunded{from || to ? ' in range' : ''}</Text>
          <Text fw={700}>{totals ? formatMinor(totals.refunded) : '…'}</Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="sm">Outstanding</Text>
          <Text fw={700}>{totals ? formatMinor(totals.outstanding) : '…'}</Text>
        </Paper>
      </SimpleGrid>
      <Group mb="md" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(v) => {
            setView(v);
            setPage(1);
          }}
          data={PAYMENT_LIST_VIEWS.map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
        />
        {view === 'received' && (
          <Select
            label="Method"
            placeholder="Any"
            clearable
            value={method}
            onChange={(v) => {
              setMethod(v);
              setPage(1);
            }}
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
            w={160}
          />
        )}
        <TextInput
          label="From"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={160}
        />
        <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={160} />
      </Group>
      {list.isError && (
        <Alert color="red" title="Failed to load payments">
          {errorMessage(list.error, 'Please try again later.')}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={640} scrollAreaProps={scrollable('Payments')}>
        <Table striped aria-label="Payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Booking</Table.Th>
              <Table.Th>Guest</Table.Th>
              <Table.Th>Home</Table.Th>
              <Table.Th>Check-in</Table.Th>
              <Table.Th>{view === 'received' ? 'Received' : 'Due'}</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>{view === 'received' ? 'Method' : 'Status'}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>Nothing here.</Table.Td>
              </Table.Tr>
            )}
            {list.data?.items.map((i) => (
              <Table.Tr key={`${i.bookingId}-${i.due}-${i.reference}-${i.amount}`}>
                <Table.Td>{i.confirmationNumber}</Table.Td>
                <Table.Td>{i.guestName ?? '—'}</Table.Td>
                <Table.Td>{i.propertyTitle}</Table.Td>
                <Table.Td>{i.checkIn}</Table.Td>
                <Table.Td>{i.due?.slice(0, 10) ?? '—'}</Table.Td>
                <Table.Td>{formatMinor(i.amount)}</Table.Td>
                <Table.Td>
                  {view === 'received'
                    ? `${METHOD_LABELS[i.method as TPaymentMethod] ?? i.method}${i.reference ? ` · ${i.reference}` : ''}`
                    : PAYMENT_STATUS_LABELS[i.status]}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && list.data.total > PAGE_SIZE && (
        <Group mt="md">
          <TablePager pages={Math.ceil(list.data.total / PAGE_SIZE)} page={page} onPage={setPage} />
        </Group>
      )}
    </>
  );
}
