import type { EntityManager } from '@mikro-orm/postgresql';
import { PROPERTY_NOT_FOUND } from '#shared/messages.ts';
import { toMajor, toMinor } from '#shared/money.ts';
import type {
  TExpenseInput,
  TPayoutInput,
  TStatementExpense,
  TStatementPayout,
} from '#shared/schemas/owners.ts';
import { AppError } from '../../errors.ts';
import { db, isoDate } from '../../repositories/db.ts';
import type { TStaffScope } from '../../repositories/home-scope.ts';
import { expensesOf, payoutsOf } from '../../repositories/owner-statements.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { assertMonthOpen, monthSpan, readableOwner } from './monthly-statement.ts';
import { OWNER_NOT_FOUND, ownerRow } from './statements.ts';

/**
 * The operator's entries on an owner's statement (docs/owner-statements.md#expenses-and-payouts): expenses
 * on a home and payouts to the owner, in minor units, on the statement of the month of their date. A
 * published month takes no new entry and loses none.
 */

export const EXPENSE_NOT_FOUND = 'Expense not found';
export const PAYOUT_NOT_FOUND = 'Payout not found';
const HOME_WITHOUT_OWNER = 'This home has no owner to charge the expense to';

export async function listExpenses(
  em: EntityManager,
  input: { id: number; month: string },
  staff: TStaffScope,
  callerId: number,
): Promise<{ items: TStatementExpense[] }> {
  const owner = await readableOwner(em, input.id, staff, callerId);
  const rows = await expensesOf(em, owner.id, monthSpan(input.month), staff.homes);
  return { items: rows.map((e) => ({ ...e, amount: toMajor(e.amount) })) };
}

export async function createExpense(
  em: EntityManager,
  input: TExpenseInput,
  actor: TActor,
): Promise<TStatementExpense> {
  return em.transactional(async (tx) => {
    const home = await db(tx)
      .selectFrom('properties as p')
      .leftJoin('home_owners as o', 'o.property_id', 'p.id')
      .select(['p.id', 'p.title', 'o.user_id as ownerId'])
      .where('p.id', '=', input.id)
      .executeTakeFirst();
    if (!home) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
    if (home.ownerId === null) throw new AppError('VALIDATION', HOME_WITHOUT_OWNER);
    await assertMonthOpen(tx, home.ownerId, input.date.slice(0, 7));
    const amount = toMinor(input.amount);
    const row = await db(tx)
      .insertInto('home_expenses')
      .values({
        property_id: home.id,
        owner_id: home.ownerId,
        date: input.date,
        category: input.category,
        amount,
        currency: 'USD',
        description: input.description,
        created_by_id: actor.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordActivity(tx, actor, {
      action: 'expense.create',
      entityType: 'property',
      entityId: home.id,
      after: {
        expenseId: row.id,
        date: input.date,
        category: input.category,
        amount,
        description: input.description,
      },
    });
    return {
      id: row.id,
      date: input.date,
      propertyId: home.id,
      propertyTitle: home.title,
      category: input.category,
      amount: toMajor(amount),
      description: input.description,
    };
  });
}

/** Deletes an expense of an open month; a manager's scope has already refused another home's (home-scope.ts). */
export async function deleteExpense(em: EntityManager, id: number, actor: TActor): Promise<{ ok: true }> {
  return em.transactional(async (tx) => {
    const row = await db(tx)
      .selectFrom('home_expenses')
      .select([
        'id',
        'property_id',
        'owner_id',
        isoDate('date').as('date'),
        'category',
        'amount',
        'description',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', EXPENSE_NOT_FOUND);
    await assertMonthOpen(tx, row.owner_id, row.date.slice(0, 7));
    await db(tx).deleteFrom('home_expenses').where('id', '=', id).execute();
    await recordActivity(tx, actor, {
      action: 'expense.delete',
      entityType: 'property',
      entityId: row.property_id,
      before: {
        expenseId: row.id,
        date: row.date,
        category: row.category,
        amount: row.amount,
        description: row.description,
      },
      after: {},
    });
    return { ok: true as const };
  });
}

export async function listPayouts(
  em: EntityManager,
  input: { id: number; month: string },
): Promise<{ items: TStatementPayout[] }> {
  const owner = await ownerRow(em, input.id);
  if (!owner) throw new AppError('NOT_FOUND', OWNER_NOT_FOUND);
  const rows = await payoutsOf(em, owner.id, monthSpan(input.month));
  return { items: rows.map((p) => ({ ...p, amount: toMajor(p.amount) })) };
}

export async function createPayout(
  em: EntityManager,
  input: TPayoutInput,
  actor: TActor,
): Promise<TStatementPayout> {
  return em.transactional(async (tx) => {
    const owner = await ownerRow(tx, input.id);
    if (!owner) throw new AppError('NOT_FOUND', OWNER_NOT_FOUND);
    await assertMonthOpen(tx, owner.id, input.date.slice(0, 7));
    const amount = toMinor(input.amount);
    const row = await db(tx)
      .insertInto('owner_payouts')
      .values({
        owner_id: owner.id,
        date: input.date,
        amount,
        currency: 'USD',
        reference: input.reference,
        created_by_id: actor.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordActivity(tx, actor, {
      action: 'payout.create',
      entityType: 'user',
      entityId: owner.id,
      after: { payoutId: row.id, date: input.date, amount, reference: input.reference },
    });
    return { id: row.id, date: input.date, amount: toMajor(amount), reference: input.reference };
  });
}

export async function deletePayout(em: EntityManager, id: number, actor: TActor): Promise<{ ok: true }> {
  return em.transactional(async (tx) => {
    const row = await db(tx)
      .selectFrom('owner_payouts')
      .select(['id', 'owner_id', isoDate('date').as('date'), 'amount', 'reference'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', PAYOUT_NOT_FOUND);
    await assertMonthOpen(tx, row.owner_id, row.date.slice(0, 7));
    await db(tx).deleteFrom('owner_payouts').where('id', '=', id).execute();
    await recordActivity(tx, actor, {
      action: 'payout.delete',
      entityType: 'user',
      entityId: row.owner_id,
      before: { payoutId: row.id, date: row.date, amount: row.amount, reference: row.reference },
      after: {},
    });
    return { ok: true as const };
  });
}
