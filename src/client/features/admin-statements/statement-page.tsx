import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { todayIso } from '#shared/dates.ts';
import { formatMoney } from '#shared/money.ts';
import { OwnerSelect } from '../../components/owner-select.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useDirectAdmin } from '../../lib/direct-admin.ts';
import { staffRole } from '../../lib/staff-pages.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';

const usd = (v: number) => formatMoney(v, 'USD', { whole: true });
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Monthly owner statements (docs/owner-statements.md). An owner reads their own; the back office picks
 * an owner, previews the month and (the owner-operator) publishes it, which e-mails the owner.
 */
export function StatementPage() {
  const { user } = useAuth();
  const directAdmin = useDirectAdmin();
  // The demo mode acts as the owner-operator (docs/decisions.md#demo-admin).
  const role = directAdmin ? 'owner-operator' : staffRole(user);
  const [month, setMonth] = useState(() => todayIso().slice(0, 7));
  const [picked, setPicked] = useState<number | null>(null);
  const isOwner = role === 'owner';
  const ownerId = isOwner ? (user?.id ?? 0) : (picked ?? 0);
  const valid = MONTH.test(month);
  const publish = useMutation(
    trpc.owners.publish.mutationOptions({
      onSuccess: (out) =>
        notifications.show({ message: `Statement e-mailed to ${out.emailedTo}`, color: 'green' }),
      onError: (err) =>
        notifications.show({
          title: 'Error',
          message: errorMessage(err, 'The statement could not be published.'),
          color: 'red',
        }),
    }),
  );
  return (
    <Stack gap="md">
      <Title order={1}>Statements</Title>
      <Group align="end">
        {!isOwner && <OwnerSelect value={picked} onChange={setPicked} />}
        <TextInput
          label="Month"
          description="YYYY-MM"
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value)}
          error={valid ? undefined : 'Month must be in YYYY-MM format'}
          w={160}
        />
        {role === 'owner-operator' && ownerId > 0 && valid && (
          <Button loading={publish.isPending} onClick={() => publish.mutate({ id: ownerId, month })}>
            Publish and e-mail the owner
          </Button>
        )}
      </Group>
      {!isOwner && ownerId === 0 ? (
        <Text c="dimmed">Choose an owner to preview their statement.</Text>
      ) : (
        <StatementView ownerId={ownerId} month={month} valid={valid} isOwner={isOwner} />
      )}
    </Stack>
  );
}

/** One owner's month: the stays, the totals and the files. */
function StatementView({
  ownerId,
  month,
  valid,
  isOwner,
}: {
  ownerId: number;
  month: string;
  valid: boolean;
  isOwner: boolean;
}) {
  const statement = useQuery({
    ...trpc.owners.statement.queryOptions({ id: ownerId, month }),
    enabled: valid && ownerId > 0,
    placeholderData: keepPreviousData,
  });
  const s = statement.data;
  const files = `/api/admin/owners/${ownerId}/statements`;
  return (
    <>
      {s && valid && (
        <Group gap="md">
          <Anchor href={`${files}.pdf?month=${month}`} target="_blank" rel="noopener">
            PDF
          </Anchor>
          <Anchor href={`${files}.csv?month=${month}`}>CSV</Anchor>
        </Group>
      )}
      {statement.isError && (
        <Alert color="red">{errorMessage(statement.error, 'The statement could not be loaded.')}</Alert>
      )}
      {statement.isPending && valid && <Loader role="status" aria-label="Loading the statement" />}
      {s && (
        <>
          <Text>
            {s.owner.name}:{' '}
            {s.homes.map((h) => `${h.title} (${h.commissionPercent}% commission)`).join(', ') || 'no homes'}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {(
              [
                ['Stays', String(s.totals.stays)],
                ['Gross', usd(s.totals.gross)],
                ['Commission', usd(s.totals.commission)],
                [isOwner ? 'Net to you' : 'Net to the owner', usd(s.totals.net)],
              ] as const
            ).map(([label, value]) => (
              <Card key={label} withBorder padding="sm">
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
                <Text fw={700} size="lg">
                  {value}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Table.ScrollContainer minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Stay</Table.Th>
                  <Table.Th>Dates</Table.Th>
                  <Table.Th ta="right">Nights</Table.Th>
                  <Table.Th ta="right">Gross</Table.Th>
                  <Table.Th ta="right">Fees</Table.Th>
                  <Table.Th ta="right">Taxes</Table.Th>
                  <Table.Th ta="right">Commission</Table.Th>
                  <Table.Th ta="right">Net</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.stays.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={8}>No stays checked out this month.</Table.Td>
                  </Table.Tr>
                )}
                {s.stays.map((x) => (
                  <Table.Tr key={x.bookingId}>
                    <Table.Td>
                      {x.propertyTitle} · {x.confirmationNumber}
                    </Table.Td>
                    <Table.Td>
                      {x.checkIn} – {x.checkOut}
                    </Table.Td>
                    <Table.Td ta="right">{x.nights}</Table.Td>
                    <Table.Td ta="right">{usd(x.gross)}</Table.Td>
                    <Table.Td ta="right">{usd(x.fees)}</Table.Td>
                    <Table.Td ta="right">{usd(x.taxes)}</Table.Td>
                    <Table.Td ta="right">{usd(x.commission)}</Table.Td>
                    <Table.Td ta="right">{usd(x.net)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>Total</Table.Th>
                  <Table.Th />
                  <Table.Th ta="right">{s.totals.nights}</Table.Th>
                  <Table.Th ta="right">{usd(s.totals.gross)}</Table.Th>
                  <Table.Th ta="right">{usd(s.totals.fees)}</Table.Th>
                  <Table.Th ta="right">{usd(s.totals.taxes)}</Table.Th>
                  <Table.Th ta="right">{usd(s.totals.commission)}</Table.Th>
                  <Table.Th ta="right">{usd(s.totals.net)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </>
  );
}
