import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { PROPERTY_NOT_FOUND } from '#shared/messages.ts';
import type { TStaffRole } from '#shared/schemas/staff-role.ts';
import { AppError } from '../errors.ts';
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

/** A Kysely condition: `column` (a home id) is one of the scope's homes; true for every home. */
export function inHomes(column: string, scope: THomeScope): RawBuilder<boolean> {
  if (scope === null) return sql<boolean>`true`;
  return sql<boolean>`${sql.ref(column)} = any(${intArray([...scope])}::int[])`;
}

/** What an id names, by the REST path it appears in, and the message an unknown one gets. */
type TKind = 'property' | 'booking' | 'conversation' | 'review' | 'email' | 'task' | 'expense';

const KINDS: Record<string, TKind> = {
  properties: 'property',
  bookings: 'booking',
  conversations: 'conversation',
  reviews: 'review',
  emails: 'email',
  tasks: 'task',
  expenses: 'expense',
};

const NOT_FOUND: Record<TKind, string> = {
  property: PROPERTY_NOT_FOUND,
  booking: 'Booking not found',
  conversation: 'Conversation not found',
  review: 'Review not found',
  email: 'Email not found',
  task: 'Task not found',
  expense: 'Expense not found',
};

/** The kind of the REST path's first resource (`/admin/bookings/{id}/…` → booking), if it names one. */
function kindOfPath(path: string | undefined): TKind | undefined {
  const [first, second] = (path ?? '').split('/').filter(Boolean);
  return KINDS[(first === 'admin' ? second : first) ?? ''];
}

function idsIn(value: unknown): number[] {
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return values
    .map((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v))
    .filter((v): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0);
}

/**
 * The homes of the rows these ids name (rows that do not exist name none: the procedure answers them); an
 * email about no booking belongs to no home (null).
 */
async function homesOf(em: EntityManager, kind: TKind, ids: number[]): Promise<(number | null)[]> {
  if (ids.length === 0) return [];
  if (kind === 'property') return ids;
  if (kind === 'email') {
    const rows = await db(em)
      .selectFrom('emails as e')
      .leftJoin('bookings as b', 'b.id', 'e.booking_id')
      .select('b.property_id')
      .where('e.id', 'in', ids)
      .execute();
    return rows.map((r) => r.property_id);
  }
  const table = {
    booking: 'bookings',
    conversation: 'conversations',
    review: 'reviews',
    task: 'housekeeping_tasks',
    expense: 'home_expenses',
  } as const;
  const rows = await db(em).selectFrom(table[kind]).select('property_id').where('id', 'in', ids).execute();
  return rows.map((r) => r.property_id);
}

/**
 * Refuses a call that names a row of a home outside the scope with the same 404 an unknown id gets, so a
 * manager never learns of another home's data. The ids are read from the call's input as the REST path
 * names them: `id`/`ids` are of the path's resource, `propertyId` a home and `bookingId` a booking.
 */
export async function assertCallWithinHomes(
  em: EntityManager,
  restPath: string | undefined,
  rawInput: unknown,
  scope: THomeScope,
): Promise<void> {
  if (scope === null || !rawInput || typeof rawInput !== 'object') return;
  const input = rawInput as Record<string, unknown>;
  const checks: [TKind, number[]][] = [];
  const kind = kindOfPath(restPath);
  if (kind) checks.push([kind, [...idsIn(input.id), ...idsIn(input.ids)]]);
  checks.push(['property', idsIn(input.propertyId)], ['booking', idsIn(input.bookingId)]);
  for (const [k, ids] of checks) {
    const homes = await homesOf(em, k, ids);
    if (homes.some((home) => home === null || !scope.includes(home)))
      throw new AppError('NOT_FOUND', NOT_FOUND[k]);
  }
}
