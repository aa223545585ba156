import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { PROPERTY_NOT_FOUND } from '#shared/messages.ts';
import type { TOwnerSummary } from '#shared/schemas/owners.ts';
import { AppError } from '../../errors.ts';
import { db } from '../../repositories/db.ts';
import { inHomes, type TStaffScope } from '../../repositories/home-scope.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { containsPattern } from '../../repositories/sql.ts';

/** Homes' owners and their commission (docs/owner-statements.md). */

export const OWNER_NOT_FOUND = 'Owner not found';
const OWNER_INVALID = 'The owner must be a team member with the owner role';

/** An active team member with the owner role, or undefined. */
export async function ownerRow(em: EntityManager, id: number) {
  return db(em)
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email'])
    .where('id', '=', id)
    .where('staff_role', '=', 'owner')
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
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
    const like = containsPattern(input.q);
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
