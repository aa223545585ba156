import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { PROPERTY_NOT_FOUND } from '#shared/messages.ts';
import { CHANGE_REQUEST_NOT_FOUND } from '#shared/operator-bookings.ts';
import { PROBLEM_NOT_FOUND } from '#shared/schemas/housekeeping.ts';
import type { TStaffRole } from '#shared/schemas/staff-role.ts';
import { AppError } from '../errors.ts';
import { isHomeKind, type THomeKind, type TScopeMeta } from '../home-scope-meta.ts';
import { db } from './db.ts';
import { intArray } from './sql.ts';

/**
 * Per-home access (docs/staff.md#per-home-access): the one place that narrows what a manager, housekeeper
 * or owner sees to their homes. `null` is every home (the owner-operator); an empty list is none.
 */
export type THomeScope = readonly number[] | null;

/** The caller's role, and the homes it may see (null: every home), as the staff guard found them. */
export interface TStaffScope {
  role: TStaffRole;
  homes: THomeScope;
}

/**
 * The homes the caller may see, as the query a list of homes starts from: `scopedHomes(em, ctx.staff.homes)`
 * in place of `selectFrom('properties')`, so a list of homes cannot forget the scope.
 */
export function scopedHomes(em: EntityManager, scope: THomeScope) {
  return db(em).selectFrom('properties').where(inHomes('properties.id', scope));
}

/**
 * A Kysely condition: `column` (a home id) is one of the scope's homes; true for every home. For rows that
 * belong to a home (bookings, tasks, threads), kept a condition on their own home column so each query's
 * plan stays as measured (a join to a CTE would keep PostgreSQL's parallel workers off the reports' reads).
 */
export function inHomes(column: string, scope: THomeScope): RawBuilder<boolean> {
  if (scope === null) return sql<boolean>`true`;
  return sql<boolean>`${sql.ref(column)} = any(${intArray([...scope])}::int[])`;
}

const NOT_FOUND: Record<THomeKind, string> = {
  property: PROPERTY_NOT_FOUND,
  booking: 'Booking not found',
  conversation: 'Conversation not found',
  review: 'Review not found',
  email: 'Email not found',
  task: 'Task not found',
  expense: 'Expense not found',
  block: 'Block not found',
  rate: 'Rate not found',
  feed: 'Feed not found',
  'change-request': CHANGE_REQUEST_NOT_FOUND,
  owner: 'Owner not found',
  problem: PROBLEM_NOT_FOUND,
};

function idsIn(value: unknown): number[] {
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return values
    .map((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v))
    .filter((v): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0);
}

/** The tables whose rows carry their home in `property_id`. */
const HOME_TABLES = {
  booking: 'bookings',
  conversation: 'conversations',
  review: 'reviews',
  task: 'housekeeping_tasks',
  expense: 'home_expenses',
  block: 'calendar_blocks',
  rate: 'property_rates',
  feed: 'ical_feeds',
  problem: 'task_problems',
} as const;

type TRowHome = { id: number; home: number | null };

/**
 * The home of each row these ids name (a row that does not exist names none: the procedure answers it); an
 * email about no booking belongs to no home (null), an owner to each home they own.
 */
async function homesOf(em: EntityManager, kind: THomeKind, ids: number[]): Promise<TRowHome[]> {
  if (kind === 'property') return ids.map((id) => ({ id, home: id }));
  if (kind === 'email')
    return db(em)
      .selectFrom('emails as e')
      .leftJoin('bookings as b', 'b.id', 'e.booking_id')
      .select(['e.id', 'b.property_id as home'])
      .where('e.id', 'in', ids)
      .execute();
  if (kind === 'change-request')
    return db(em)
      .selectFrom('booking_change_requests as r')
      .innerJoin('bookings as b', 'b.id', 'r.booking_id')
      .select(['r.id', 'b.property_id as home'])
      .where('r.id', 'in', ids)
      .execute();
  if (kind === 'owner')
    return db(em)
      .selectFrom('users as u')
      .leftJoin('home_owners as o', 'o.user_id', 'u.id')
      .select(['u.id', 'o.property_id as home'])
      .where('u.id', 'in', ids)
      .where('u.staff_role', '=', 'owner')
      .execute();
  return db(em)
    .selectFrom(HOME_TABLES[kind])
    .select(['id', 'property_id as home'])
    .where('id', 'in', ids)
    .execute();
}

/**
 * Refuses a call that names a row of a home outside the scope with the same 404 an unknown id gets, so a
 * manager never learns of another home's data. What each id names is the procedure's declared scope
 * (home-scope-meta.ts), never guessed from its path or the key's name. An owner is within the scope when
 * they own one of its homes (or are the caller: their statements of months before their homes changed).
 */
export async function assertCallWithinHomes(
  em: EntityManager,
  declared: TScopeMeta | undefined,
  rawInput: unknown,
  scope: THomeScope,
  callerId: number,
): Promise<void> {
  if (scope === null || typeof declared !== 'object' || !rawInput || typeof rawInput !== 'object') return;
  const input = rawInput as Record<string, unknown>;
  for (const [key, kind] of Object.entries(declared.ids)) {
    if (!isHomeKind(kind)) continue;
    const ids = idsIn(input[key]).filter((id) => !(kind === 'owner' && id === callerId));
    if (ids.length === 0) continue;
    const within = new Map<number, boolean>();
    for (const row of await homesOf(em, kind, ids))
      within.set(row.id, (within.get(row.id) ?? false) || (row.home !== null && scope.includes(row.home)));
    if ([...within.values()].some((ok) => !ok)) throw new AppError('NOT_FOUND', NOT_FOUND[kind]);
  }
}
