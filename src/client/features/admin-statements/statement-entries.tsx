import {
  Button,
  NumberInput,
  type NumberInputProps,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { formatMoney } from '#shared/money.ts';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  ZExpenseInput,
  ZPayoutInput,
  type TExpenseCategory,
  type TStatement,
} from '#shared/schemas/owners.ts';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.tsx';
import { scrollable } from '../../components/scrollable-region.ts';
import { useCreateExpense, useCreatePayout, useDeleteExpense, useDeletePayout } from './api.ts';

const money = (v: number) => formatMoney(v, 'USD');

/** The day a new entry starts on: today inside the month, else the month's first day. */
function defaultDate(month: string, today: string): string {
  return today.startsWith(month) ? today : `${month}-01`;
}

interface TExpenseForm {
  id: number | null;
  date: string;
  category: TExpenseCategory | null;
  amount: number | string;
  description: string;
}

/** An entry's amount, in dollars and cents. */
function AmountInput(props: NumberInputProps) {
  return <NumberInput prefix="$" decimalScale={2} min={0} thousandSeparator="," required {...props} />;
}

/** A new expense on one of the owner's homes, checked by the same schema as `owners.createExpense`. */
function ExpenseForm({ s, today }: { s: TStatement; today: string }) {
  const create = useCreateExpense();
  const form = useForm<TExpenseForm>({
    initialValues: {
      id: s.homes.length === 1 ? (s.homes[0]?.id ?? null) : null,
      date: defaultDate(s.month, today),
      category: null,
      amount: '',
      description: '',
    },
    validate: zod4Resolver(ZExpenseInput),
  });
  return (
    <form
      noValidate
      aria-label="Add an expense"
      onSubmit={form.onSubmit((values) =>
        create.mutate(ZExpenseInput.parse(values), {
          onSuccess: () => form.setValues({ amount: '', description: '' }),
        }),
      )}
    >
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Select
            label="Home"
            data={s.homes.map((h) => ({ value: String(h.id), label: h.title }))}
            value={form.values.id === null ? null : String(form.values.id)}
            onChange={(v) => form.setFieldValue('id', v === null ? null : Number(v))}
            error={form.errors.id ? 'Choose a home' : undefined}
            required
          />
          <TextInput type="date" label="Date" required {...form.getInputProps('date')} />
          <Select
            label="Category"
            data={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: EXPENSE_CATEGORY_LABELS[c] }))}
            required
            {...form.getInputProps('category')}
          />
          <AmountInput label="Amount" {...form.getInputProps('amount')} />
        </SimpleGrid>
        <TextInput label="Description" required maxLength={200} {...form.getInputProps('description')} />
        <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
          Add expense
        </Button>
      </Stack>
    </form>
  );
}

interface TPayoutForm {
  id: number;
  date: string;
  amount: number | string;
  reference: string;
}

/** A payout to the owner, checked by the same schema as `owners.createPayout`. */
function PayoutForm({ s, today }: { s: TStatement; today: string }) {
  const create = useCreatePayout();
  const form = useForm<TPayoutForm>({
    initialValues: { id: s.owner.id, date: defaultDate(s.month, today), amount: '', reference: '' },
    validate: zod4Resolver(ZPayoutInput),
  });
  return (
    <form
      noValidate
      aria-label="Record a payout"
      onSubmit={form.onSubmit((values) =>
        create.mutate(ZPayoutInput.parse(values), {
          onSuccess: () => form.setValues({ amount: '', reference: '' }),
        }),
      )}
    >
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <TextInput type="date" label="Payout date" required {...form.getInputProps('date')} />
          <AmountInput label="Payout amount" {...form.getInputProps('amount')} />
          <TextInput label="Reference" required maxLength={100} {...form.getInputProps('reference')} />
        </SimpleGrid>
        <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
          Record payout
        </Button>
      </Stack>
    </form>
  );
}

type TEntry = { kind: 'expense' | 'payout'; id: number; label: string };
type TPendingDelete = TEntry | null;

/** A row's Delete, named after the entry it deletes; it asks first. */
function DeleteCell({ entry, onDelete }: { entry: TEntry; onDelete: (e: TEntry) => void }) {
  return (
    <Table.Td>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        aria-label={`Delete ${entry.kind} ${entry.label}`}
        onClick={() => onDelete(entry)}
      >
        Delete
      </Button>
    </Table.Td>
  );
}

/**
 * The month's expenses and payouts. While the month is a draft, the back office adds and deletes
 * expenses and the owner-operator payouts; a published month shows them as they were locked.
 */
export function StatementEntries({
  s,
  canEditExpenses,
  canEditPayouts,
  today,
}: {
  s: TStatement;
  canEditExpenses: boolean;
  canEditPayouts: boolean;
  today: string;
}) {
  const open = s.status === 'draft';
  const [pending, setPending] = useState<TPendingDelete>(null);
  const deleteExpense = useDeleteExpense();
  const deletePayout = useDeletePayout();
  const close = () => setPending(null);
  const confirm = () => {
    if (!pending) return;
    const mutation = pending.kind === 'expense' ? deleteExpense : deletePayout;
    mutation.mutate({ id: pending.id }, { onSuccess: close });
  };
  return (
    <>
      <Stack gap="xs">
        <Title order={2} size="h3">
          Expenses
        </Title>
        <Table.ScrollContainer minWidth={480} scrollAreaProps={scrollable('Expenses')}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Home</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                {open && canEditExpenses && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.expenses.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>No expenses this month.</Table.Td>
                </Table.Tr>
              )}
              {s.expenses.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{e.date}</Table.Td>
                  <Table.Td>{e.propertyTitle}</Table.Td>
                  <Table.Td>{EXPENSE_CATEGORY_LABELS[e.category]}</Table.Td>
                  <Table.Td>{e.description}</Table.Td>
                  <Table.Td ta="right">{money(e.amount)}</Table.Td>
                  {open && canEditExpenses && (
                    <DeleteCell
                      entry={{ kind: 'expense', id: e.id, label: e.description }}
                      onDelete={setPending}
                    />
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {open && canEditExpenses && s.homes.length > 0 && <ExpenseForm key={s.month} s={s} today={today} />}
      </Stack>

      {(canEditPayouts || s.payouts.length > 0) && (
        <Stack gap="xs">
          <Title order={2} size="h3">
            Payouts
          </Title>
          {s.payouts.length === 0 ? (
            <Text>No payouts this month.</Text>
          ) : (
            <Table.ScrollContainer minWidth={360} scrollAreaProps={scrollable('Payouts')}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Reference</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    {open && canEditPayouts && (
                      <Table.Th>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.payouts.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>{p.date}</Table.Td>
                      <Table.Td>{p.reference}</Table.Td>
                      <Table.Td ta="right">{money(p.amount)}</Table.Td>
                      {open && canEditPayouts && (
                        <DeleteCell
                          entry={{ kind: 'payout', id: p.id, label: p.reference }}
                          onDelete={setPending}
                        />
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {open && canEditPayouts && <PayoutForm key={s.month} s={s} today={today} />}
        </Stack>
      )}

      <ConfirmDeleteModal
        opened={pending !== null}
        title={pending?.kind === 'payout' ? 'Delete payout' : 'Delete expense'}
        onClose={close}
        onConfirm={confirm}
        loading={deleteExpense.isPending || deletePayout.isPending}
      >
        {`Delete ${pending?.kind ?? 'entry'} "${pending?.label ?? ''}"? It comes off this month's statement.`}
      </ConfirmDeleteModal>
    </>
  );
}
