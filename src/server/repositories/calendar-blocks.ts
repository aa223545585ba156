import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TBlock, TBlockReason } from '#shared/schemas/calendar.ts';
import { CalendarBlock } from '../entities/calendar-block.entity.ts';
import { db, isoDate, isoTimestamp, overlaps } from './db.ts';

const blockColumns = [
  'id',
  'property_id as propertyId',
  isoDate('start_date').as('startDate'),
  isoDate('end_date').as('endDate'),
  'reason',
  'note',
  isoTimestamp('created_at').as('createdAt'),
] as const;

export async function listBlocks(em: EntityManager, propertyId: number): Promise<TBlock[]> {
  return db(em)
    .selectFrom('calendar_blocks')
    .select(blockColumns)
    .where('property_id', '=', propertyId)
    .orderBy('start_date')
    .execute();
}

/**
 * The block and its hold in one statement, so they commit together; a clash with any other hold raises
 * 23P01 from `date_holds_no_overlap` and inserts neither. Two inserts in one statement are beyond the
 * entity API, so a typed Kysely write.
 */
export async function insertBlock(
  em: EntityManager,
  b: { propertyId: number; startDate: string; endDate: string; reason: TBlockReason; note: string },
): Promise<TBlock> {
  const row = await db(em)
    .with('k', (q) =>
      q
        .insertInto('calendar_blocks')
        .values({
          property_id: b.propertyId,
          start_date: sql<string>`${b.startDate}::date`,
          end_date: sql<string>`${b.endDate}::date`,
          reason: b.reason,
          note: b.note,
        })
        .returningAll(),
    )
    .with('h', (q) =>
      q
        .insertInto('date_holds')
        .columns(['property_id', 'start_date', 'end_date', 'block_id'])
        .expression((eb) => eb.selectFrom('k').select(['property_id', 'start_date', 'end_date', 'id'])),
    )
    .selectFrom('k')
    .select(blockColumns)
    .executeTakeFirst();
  if (!row) throw new Error('the block was not inserted');
  return row;
}

/** Deletes a block of the home (its hold goes with it); false when there is no such block. */
export async function deleteBlock(em: EntityManager, propertyId: number, blockId: number): Promise<boolean> {
  return (await em.nativeDelete(CalendarBlock, { id: blockId, property: propertyId })) > 0;
}

/** The home's blocks with a night in [start, end), locked for the caller's transaction. */
export async function blocksOverlapping(
  em: EntityManager,
  propertyId: number,
  start: string,
  end: string,
): Promise<TBlock[]> {
  return db(em)
    .selectFrom('calendar_blocks')
    .select(blockColumns)
    .where('property_id', '=', propertyId)
    .where(overlaps('start_date', 'end_date', start, end))
    .orderBy('start_date')
    .forUpdate()
    .execute();
}

/** Moves a block's dates and its hold's together (shrinking only, so it cannot clash). */
export async function resizeBlock(
  em: EntityManager,
  blockId: number,
  start: string,
  end: string,
): Promise<void> {
  await db(em)
    .with('k', (q) =>
      q
        .updateTable('calendar_blocks')
        .set({ start_date: sql<string>`${start}::date`, end_date: sql<string>`${end}::date` })
        .where('id', '=', blockId)
        .returning('id'),
    )
    .updateTable('date_holds')
    .set({ start_date: sql<string>`${start}::date`, end_date: sql<string>`${end}::date` })
    .where('block_id', 'in', (eb) => eb.selectFrom('k').select('id'))
    .execute();
}
