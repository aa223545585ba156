import {
  Alert,
  Anchor,
  Badge,
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
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { todayIso } from '#shared/dates.ts';
import { formatMoney } from '#shared/money.ts';
import type { TStatement, TStatementStay } from '#shared/schemas/owners.ts';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.tsx';
import { OwnerSelect } from '../../components/owner-select.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useDirectAdmin } from '../../lib/direct-admin.ts';
import { staffRole } from '../../lib/staff-pages.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { statementQuery, usePublishStatement } from './api.ts';
import { scrollable } from '../../components/scrollable-region.ts';
import { StatementEntries } from './statement-entries.tsx';

const money = (v: number) => formatMoney(v, 'USD');
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const REASONS: Record<NonNullable<TStatementStay['reason']>, string> = {
  refund: 'Refund',
  cancellation: 'Cancellation',
  change: 'Change',
  late: 'Late stay',
};

/**
 * Monthly owner statements (docs/owner-statements.md). An owner reads their own; the back office picks
 * an owner and a month, enters expenses (and the owner-operator payouts) while the month is a draft, and
 * the owner-operator publishes it, which numbers and locks it and e-mails the owner.
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
      </Group>
      {!isOwner && ownerId === 0 ? (
        <Text c="dimmed">Choose an owner to preview their statement.</Text>
      ) : (
        <StatementView ownerId={ownerId} month={month} valid={valid} role={role} />
      )}
    </Stack>
  );
}

/** Draft or published, with the number, and the owner-operator's Publish behind a confirmation. */
function StatementStatus({ s, canPublish }: { s: TStatement; canPublish: boolean }) {
  const publish = usePublishStatement();
  const [confirming, setConfirming] = useState(false);
  const justPublished = useRef(false);
  const statusRef = useRef<HTMLDivElement>(null);
  return (
    <Group gap="sm" align="center">
      <Group gap="xs" ref={statusRef} tabIndex={-1} data-testid="statement-status">
        {s.status === 'published' ? (
          <>
            <Badge color="green">Published</Badge>
            <Text fw={600}>{s.number}</Text>
            <Text size="sm" c="dimmed">
              {s.publishedAt?.slice(0, 10)} · locked: later changes go to the next open month
            </Text>
          </>
        ) : (
          <>
            <Badge color="gray">Draft</Badge>
            <Text size="sm" c="dimmed">
              Figures may still change until the month is published.
            </Text>
          </>
        )}
      </Group>
      {canPublish && s.status === 'draft' && <Button onClick={() => setConfirming(true)}>Publish</Button>}
      <ConfirmDeleteModal
        opened={confirming}
        title={`Publish the statement for ${s.month}`}
        tone="primary"
        confirmLabel="Publish"
        loading={publish.isPending}
        onClose={() => setConfirming(false)}
        // The Publish button is gone once the month is published: focus goes to the status that replaced it.
        onExitTransitionEnd={() => {
          if (justPublished.current) statusRef.current?.focus();
          justPublished.current = false;
        }}
        onConfirm={() =>
          publish.mutate(
            { id: s.owner.id, month: s.month },
            {
              onSuccess: () => {
                justPublished.current = true;
                setConfirming(false);
              },
            },
          )
        }
      >
        {`Publishing numbers this statement, locks its figures and e-mails ${s.owner.name}. Later refunds, cancellations and changes go into the next open month. Its expenses and payouts can no longer be changed.`}
      </ConfirmDeleteModal>
    </Group>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Card>
  );
}

/** One owner's month: the status, the figures, the stays and adjustments, the entries and the files. */
function StatementView({
  ownerId,
  month,
  valid,
  role,
}: {
  ownerId: number;
  month: string;
  valid: boolean;
  role: string | null;
}) {
  const isOwner = role === 'owner';
  const statement = useQuery(statementQuery(ownerId, month, valid && ownerId > 0));
  const s = statement.data;
  const files = `/api/admin/owners/${ownerId}/statements`;
  const lines = s ? [...s.stays, ...s.adjustments] : [];
  return (
    <>
      {statement.isError && (
        <Alert color="red">{errorMessage(statement.error, 'The statement could not be loaded.')}</Alert>
      )}
      {statement.isPending && valid && <Loader role="status" aria-label="Loading the statement" />}
      {s && valid && (
        <>
          <StatementStatus s={s} canPublish={role === 'owner-operator'} />
          <Group gap="md">
            <Anchor href={`${files}.pdf?month=${month}`} target="_blank" rel="noopener">
              PDF
            </Anchor>
            <Anchor href={`${files}.csv?month=${month}`}>CSV</Anchor>
          </Group>
          <Text>
            {s.owner.name}:{' '}
            {s.homes.map((h) => `${h.title} (${h.commissionPercent}% commission)`).join(', ') || 'no homes'}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label="Stays" value={String(s.totals.stays)} />
            <Figure label="Gross" value={money(s.totals.gross)} />
            <Figure label="Commission" value={money(s.totals.commission)} />
            <Figure label="Refunds" value={money(s.totals.refunds)} />
            <Figure label="Adjustments" value={money(s.totals.adjustments)} />
            <Figure label="Expenses" value={money(s.totals.expenses)} />
            <Figure label={isOwner ? 'Net to you' : 'Net to the owner'} value={money(s.totals.ownerNet)} />
            {role !== 'manager' && <Figure label="Paid out" value={money(s.totals.payouts)} />}
            {role !== 'manager' && <Figure label="Still to pay" value={money(s.totals.balance)} />}
          </SimpleGrid>
          <Table.ScrollContainer minWidth={820} scrollAreaProps={scrollable('Stays and adjustments')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Stay</Table.Th>
                  <Table.Th>Dates</Table.Th>
                  <Table.Th ta="right">Nights</Table.Th>
                  <Table.Th ta="right">Gross</Table.Th>
                  <Table.Th ta="right">Fees</Table.Th>
                  <Table.Th ta="right">Taxes</Table.Th>
                  <Table.Th ta="right">Refunds</Table.Th>
                  <Table.Th ta="right">Commission</Table.Th>
                  <Table.Th ta="right">Net</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={9}>No stays checked out this month.</Table.Td>
                  </Table.Tr>
                )}
                {lines.map((x) => (
                  <Table.Tr key={`${x.kind}-${x.bookingId}`}>
                    <Table.Td>
                      {x.propertyTitle} · {x.confirmationNumber}
                      {x.kind === 'adjustment' && (
                        <Text size="xs" c="dimmed">
                          Adjustment: {REASONS[x.reason ?? 'change']}, from {x.originalMonth}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {x.checkIn} – {x.checkOut}
                    </Table.Td>
                    <Table.Td ta="right">{x.kind === 'stay' ? x.nights : ''}</Table.Td>
                    <Table.Td ta="right">{money(x.gross)}</Table.Td>
                    <Table.Td ta="right">{money(x.fees)}</Table.Td>
                    <Table.Td ta="right">{money(x.taxes)}</Table.Td>
                    <Table.Td ta="right">{money(x.refunds)}</Table.Td>
                    <Table.Td ta="right">{money(x.commission)}</Table.Td>
                    <Table.Td ta="right">{money(x.net)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>Total</Table.Th>
                  <Table.Th />
                  <Table.Th ta="right">{s.totals.nights}</Table.Th>
                  <Table.Th ta="right">{money(s.totals.gross)}</Table.Th>
                  <Table.Th ta="right">{money(s.totals.fees)}</Table.Th>
                  <Table.Th ta="right">{money(s.totals.taxes)}</Table.Th>
                  <Table.Th ta="right">{money(s.totals.refunds)}</Table.Th>
                  <Table.Th ta="right">{money(s.totals.commission)}</Table.Th>
                  <Table.Th ta="right">{money(s.totals.net)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          <StatementEntries
            s={s}
            canEditExpenses={role === 'owner-operator' || role === 'manager'}
            canEditPayouts={role === 'owner-operator'}
            today={todayIso()}
          />
        </>
      )}
    </>
  );
}
