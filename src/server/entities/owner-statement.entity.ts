import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { EXPENSE_CATEGORIES, type TExpenseCategory } from '#shared/schemas/owners.ts';
import { BaseEntity, oneOf } from './base.entity.ts';
import { Property } from './property.entity.ts';
import { User } from './user.entity.ts';
import type { TStatementRecord } from '../services/owners/statement-record.ts';

/**
 * A published owner statement (docs/owner-statements.md#publishing): its number and the whole document as
 * it was published, in minor units, never updated. A month with no row is still a draft.
 */
export const OwnerStatement = defineEntity({
  name: 'OwnerStatement',
  tableName: 'owner_statements',
  extends: BaseEntity,
  properties: {
    /** Null once the owner's account is gone; the document keeps their name. */
    owner: () => p.manyToOne(User).nullable().deleteRule('set null'),
    month: p.string().length(7),
    number: p.string().length(20).unique(),
    document: p.json<TStatementRecord>(),
    /** The bookings it states, so a later month finds what was already stated without reading documents. */
    bookingIds: p.array<number>().columnType('integer[]'),
    publishedAt: p.datetime(),
    publishedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
  },
  uniques: [{ name: 'owner_statements_owner_month_unique', properties: ['owner', 'month'] }],
  indexes: [
    {
      name: 'owner_statements_booking_ids_idx',
      expression: `create index "owner_statements_booking_ids_idx" on "owner_statements" using gin ("booking_ids")`,
    },
  ],
  checks: [{ name: 'owner_statements_month_check', expression: `month ~ '^\\d{4}-(0[1-9]|1[0-2])$'` }],
});
export type IOwnerStatement = InferEntity<typeof OwnerStatement>;

/**
 * The last statement number given in a year. Publishing increments its row inside its own transaction, so
 * numbers are gapless: a publish that rolls back gives its number back.
 */
export const StatementCounter = defineEntity({
  name: 'StatementCounter',
  tableName: 'statement_counters',
  properties: {
    year: p.integer().primary().autoincrement(false),
    last: p.integer(),
  },
});
export type IStatementCounter = InferEntity<typeof StatementCounter>;

/** What the operator spent on a home for its owner, on the statement of the month of its date. */
export const HomeExpense = defineEntity({
  name: 'HomeExpense',
  tableName: 'home_expenses',
  extends: BaseEntity,
  properties: {
    property: () => p.manyToOne(Property).deleteRule('cascade').index(),
    /** The home's owner when it was entered: their statement carries it. */
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    date: p.date(),
    category: p.string().length(20).$type<TExpenseCategory>(),
    /** Minor units. */
    amount: p.integer(),
    currency: p.string().length(3),
    description: p.string().length(200),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
  },
  indexes: [{ name: 'home_expenses_owner_date_idx', properties: ['owner', 'date'] }],
  checks: [
    { name: 'home_expenses_category_check', expression: oneOf('category', EXPENSE_CATEGORIES) },
    { name: 'home_expenses_amount_check', expression: 'amount > 0' },
  ],
});
export type IHomeExpense = InferEntity<typeof HomeExpense>;

/** Money paid out to an owner, set against the statement of the month of its date. */
export const OwnerPayout = defineEntity({
  name: 'OwnerPayout',
  tableName: 'owner_payouts',
  extends: BaseEntity,
  properties: {
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    date: p.date(),
    /** Minor units. */
    amount: p.integer(),
    currency: p.string().length(3),
    reference: p.string().length(100),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
  },
  indexes: [{ name: 'owner_payouts_owner_date_idx', properties: ['owner', 'date'] }],
  checks: [{ name: 'owner_payouts_amount_check', expression: 'amount > 0' }],
});
export type IOwnerPayout = InferEntity<typeof OwnerPayout>;
