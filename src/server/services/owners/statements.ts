import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { PROPERTY_NOT_FOUND } from '#shared/messages.ts';
import type { TQuoteLine } from '#shared/pricing.ts';
import { percentOf } from '#shared/money.ts';
import { toCsv } from '#shared/csv.ts';
import type { TOwnerSummary, TStatement, TStatementStay } from '#shared/schemas/owners.ts';
import { AppError } from '../../errors.ts';
import { db, guestName } from '../../repositories/db.ts';
import { inHomes, type TStaffScope } from '../../repositories/home-scope.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { emailOwnerStatement } from '../email/owner-emails.ts';

/** Owners and their monthly statements (docs/owner-statements.md). */

export const OWNER_NOT_FOUND = 'Owner not found';
const OWNER_INVALID = 'The owner must be a team member with the owner role';

const FEE_KINDS: ReadonlySet<string> = new Set(['cleaningFee', 'extraGuestFee', 'petFee']);
const TAX_KINDS: ReadonlySet<string> = new Set(['gst', 'touristTax']);

function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/**
 * One stay's split, from the booking's own price snapshot: fees and taxes are its kept lines (a booking
 * from before lines were kept has its GST only), the rent is what remains of the total, so the parts
 * always add up to what the guest paid. Commission is on rent and fees, never on taxes.
 */
export function splitStay(
  b: { totalPrice: number; taxAmount: number; priceLines: TQuoteLine[] | null },
  commissionPercent: number,
): Pick<TStatementStay, 'gross' | 'rent' | 'fees' | 'taxes' | 'commission' | 'net'> {
  const lines = b.priceLines;
  const fees = lines ? lines.filter((l) => FEE_KINDS.has(l.kind)).reduce((s, l) => s + l.amount, 0) : 0;
  const taxes = lines
    ? lines.filter((l) => TAX_KINDS.has(l.kind)).reduce((s, l) => s + l.amount, 0)
    : b.taxAmount;
  const gross = b.totalPrice;
  const rent = gross - fees - taxes;
  const commission = percentOf(rent + fees, commissionPercent);
  return { gross, rent, fees, taxes, commission, net: rent + fees - commission };
}

async function ownerRow(em: EntityManager, id: number) {
  return db(em)
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email'])
    .where('id', '=', id)
    .where('staff_role', '=', 'owner')
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The owner's statement for a month: their confirmed stays that check out in it, on the homes they own
 * now (and, for a manager, within the manager's homes). An owner reads only their own: anyone else's is
 * the same 404 as an unknown owner.
 */
export async function ownerStatement(
  em: EntityManager,
  input: { id: number; month: string },
  staff: TStaffScope,
  callerId: number,
): Promise<TStatement> {
  if (staff.role === 'owner' && input.id !== callerId) throw new AppError('NOT_FOUND', OWNER_NOT_FOUND);
  const owner = await ownerRow(em, input.id);
  if (!owner) throw new AppError('NOT_FOUND', OWNER_NOT_FOUND);
  const homes = await db(em)
    .selectFrom('home_owners as o')
    .innerJoin('properties as p', 'p.id', 'o.property_id')
    .select(['p.id', 'p.title', 'o.commission_percent'])
    .where('o.user_id', '=', owner.id)
    .where(inHomes('o.property_id', staff.homes))
    .orderBy('p.title')
    .orderBy('p.id')
    .execute();
  const { from, to } = monthRange(input.month);
  const rows =
    homes.length === 0
      ? []
      : await db(em)
          .selectFrom('bookings as b')
          .innerJoin('home_owners as o', 'o.property_id', 'b.property_id')
          .innerJoin('properties as p', 'p.id', 'b.property_id')
          .leftJoin('users as u', 'u.id', 'b.user_id')
          .select([
            'b.id',
            'b.confirmation_number',
            'b.property_id',
            'p.title',
            'b.check_in',
            'b.check_out',
            'b.nights',
            'b.total_price',
            'b.tax_amount',
            'b.price_lines',
            'o.commission_percent',
            sql<string>`${guestName('')}`.as('guest'),
          ])
          .where('o.user_id', '=', owner.id)
          .where(inHomes('b.property_id', staff.homes))
          .where('b.status', '=', 'confirmed')
          .where('b.check_out', '>=', from)
          .where('b.check_out', '<', to)
          .orderBy('b.check_out')
          .orderBy('b.id')
          .execute();
  const stays: TStatementStay[] = rows.map((r) => ({
    bookingId: r.id,
    confirmationNumber: r.confirmation_number,
    propertyId: r.property_id,
    propertyTitle: r.title,
    guestName: r.guest,
    checkIn: String(r.check_in),
    checkOut: String(r.check_out),
    nights: r.nights,
    commissionPercent: r.commission_percent,
    ...splitStay(
      {
        totalPrice: r.total_price,
        taxAmount: r.tax_amount,
        priceLines: r.price_lines,
      },
      r.commission_percent,
    ),
  }));
  const sum = (k: 'nights' | 'gross' | 'rent' | 'fees' | 'taxes' | 'commission' | 'net') =>
    stays.reduce((s, x) => s + x[k], 0);
  return {
    owner: { id: owner.id, name: owner.name ?? owner.username, email: owner.email },
    month: input.month,
    currency: 'USD',
    homes: homes.map((h) => ({ id: h.id, title: h.title, commissionPercent: h.commission_percent })),
    stays,
    totals: {
      stays: stays.length,
      nights: sum('nights'),
      gross: sum('gross'),
      rent: sum('rent'),
      fees: sum('fees'),
      taxes: sum('taxes'),
      commission: sum('commission'),
      net: sum('net'),
    },
  };
}

/** A home's owner and commission (null when it has none). */
export async function getHomeOwner(
  em: EntityManager,
  propertyId: number,
): Promise<{ propertyId: number; ownerId: number | null; commissionPercent: number | null }> {
  const row = await db(em)
    .selectFrom('properties as p')
    .leftJoin('home_owners as o', 'o.property_id', 'p.id')
    .select(['p.id', 'o.user_id', 'o.commission_percent'])
    .where('p.id', '=', propertyId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return { propertyId: row.id, ownerId: row.user_id, commissionPercent: row.commission_percent };
}

/**
 * The team's owners, by name. Someone limited to some homes sees only the owners of those homes, so a
 * manager's picker never names another home's owner.
 */
export async function listOwners(
  em: EntityManager,
  input: { q?: string | undefined; page: number; pageSize: number },
  staff: TStaffScope,
): Promise<{ items: TOwnerSummary[]; total: number; page: number; pageSize: number }> {
  let q = db(em)
    .selectFrom('users as u')
    .where('u.staff_role', '=', 'owner')
    .where('u.deactivated_at', 'is', null);
  if (staff.homes !== null)
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('home_owners as o')
          .select('o.property_id')
          .whereRef('o.user_id', '=', 'u.id')
          .where(inHomes('o.property_id', staff.homes)),
      ),
    );
  if (input.q) {
    const like = `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([eb('u.name', 'ilike', like), eb('u.username', 'ilike', like), eb('u.email', 'ilike', like)]),
    );
  }
  const [rows, count] = await Promise.all([
    q
      .select([
        'u.id',
        'u.username',
        'u.name',
        'u.email',
        (eb) =>
          eb
            .selectFrom('home_owners as o')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('o.user_id', '=', 'u.id')
            .where(inHomes('o.property_id', staff.homes))
            .as('homes'),
      ])
      .orderBy(sql`coalesce(u.name, u.username)`)
      .orderBy('u.id')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name ?? r.username,
      email: r.email,
      homes: Number(r.homes ?? 0),
    })),
    total: count?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Sets or clears a home's owner; the owner is given the home, so their calendar and statement show it. */
export async function setHomeOwner(
  em: EntityManager,
  input: { id: number; ownerId: number | null; commissionPercent?: number | undefined },
  actor: TActor,
): Promise<{ propertyId: number; ownerId: number | null; commissionPercent: number | null }> {
  const home = await db(em)
    .selectFrom('properties')
    .select('id')
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!home) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  if (input.ownerId !== null && !(await ownerRow(em, input.ownerId)))
    throw new AppError('VALIDATION', OWNER_INVALID);
  const percent = input.commissionPercent ?? 0;
  await em.transactional(async (tx) => {
    const before = await db(tx)
      .selectFrom('home_owners')
      .select(['user_id', 'commission_percent'])
      .where('property_id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (input.ownerId === null) {
      await db(tx).deleteFrom('home_owners').where('property_id', '=', input.id).execute();
    } else {
      await db(tx)
        .insertInto('home_owners')
        .values({ property_id: input.id, user_id: input.ownerId, commission_percent: percent })
        .onConflict((oc) =>
          oc
            .column('property_id')
            .doUpdateSet({ user_id: input.ownerId as number, commission_percent: percent }),
        )
        .execute();
      await db(tx)
        .insertInto('staff_homes')
        .values({ user_id: input.ownerId, property_id: input.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await recordActivity(tx, actor, {
      action: 'home.owner',
      entityType: 'property',
      entityId: input.id,
      before: { owner: before?.user_id ?? null, commissionPercent: before?.commission_percent ?? null },
      after: {
        owner: input.ownerId,
        commissionPercent: input.ownerId === null ? null : percent,
      },
    });
  });
  return {
    propertyId: input.id,
    ownerId: input.ownerId,
    commissionPercent: input.ownerId === null ? null : percent,
  };
}

/** E-mails the owner that their statement is ready, with its link; written to the outbox with an activity entry. */
export async function publishStatement(
  em: EntityManager,
  input: { id: number; month: string },
  staff: TStaffScope,
  actor: TActor,
): Promise<{ ok: true; emailedTo: string }> {
  const statement = await ownerStatement(em, input, staff, actor.id);
  await em.transactional(async (tx) => {
    await emailOwnerStatement(tx, statement);
    await recordActivity(tx, actor, {
      action: 'statement.publish',
      entityType: 'user',
      entityId: statement.owner.id,
      after: { month: statement.month, net: statement.totals.net, stays: statement.totals.stays },
    });
  });
  return { ok: true, emailedTo: statement.owner.email };
}

export const STATEMENT_CSV_HEADER = [
  'Confirmation',
  'Home',
  'Guest',
  'Check-in',
  'Check-out',
  'Nights',
  'Gross',
  'Rent',
  'Fees',
  'Taxes',
  'Commission %',
  'Commission',
  'Net',
] as const;

/** The statement as CSV: one row per stay, then the totals. Whole US dollars. */
export function statementCsv(s: TStatement): string {
  const t = s.totals;
  return toCsv(STATEMENT_CSV_HEADER, [
    ...s.stays.map((x) => [
      x.confirmationNumber,
      x.propertyTitle,
      x.guestName,
      x.checkIn,
      x.checkOut,
      x.nights,
      x.gross,
      x.rent,
      x.fees,
      x.taxes,
      x.commissionPercent,
      x.commission,
      x.net,
    ]),
    ['Total', '', '', '', '', t.nights, t.gross, t.rent, t.fees, t.taxes, '', t.commission, t.net],
  ]);
}
