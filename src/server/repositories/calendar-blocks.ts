import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBlock, TBlockReason } from '../../shared/schemas/calendar.ts';
import { sqlDate, sqlTimestamp } from './sql.ts';

const BLOCK_COLUMNS = `id, property_id as "propertyId", ${sqlDate('start_date')} as "startDate",
  ${sqlDate('end_date')} as "endDate", reason, note,
  ${sqlTimestamp('created_at')} as "createdAt"`;

export async function listBlocks(em: EntityManager, propertyId: number): Promise<TBlock[]> {
  return em.execute<TBlock[]>(
    `select ${BLOCK_COLUMNS} from calendar_blocks where property_id = ? order by start_date`,
    [propertyId],
  );
}

/**
 * The block and its hold in one statement, so they commit together; a clash with any other hold raises
 * 23P01 from `date_holds_no_overlap` and inserts neither.
 */
export async function insertBlock(
  em: EntityManager,
  b: { propertyId: number; startDate: string; endDate: string; reason: TBlockReason; note: string },
): Promise<TBlock> {
  const [row] = await em.execute<TBlock[]>(
    `with k as (
       insert into calendar_blocks (property_id, start_date, end_date, reason, note)
       values (?, ?::date, ?::date, ?, ?) returning *
     ), h as (
       insert into date_holds (property_id, start_date, end_date, block_id)
       select property_id, start_date, end_date, id from k
     )
     select ${BLOCK_COLUMNS} from k`,
    [b.propertyId, b.startDate, b.endDate, b.reason, b.note],
  );
  if (!row) throw new Error('the block was not inserted');
  return row;
}

/** Deletes a block of the home (its hold goes with it); false when there is no such block. */
export async function deleteBlock(em: EntityManager, propertyId: number, blockId: number): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    'delete from calendar_blocks where id = ? and property_id = ? returning id',
    [blockId, propertyId],
  );
  return rows.length > 0;
}

/** The home's blocks with a night in [start, end), locked for the caller's transaction. */
export async function blocksOverlapping(
  em: EntityManager,
  propertyId: number,
  start: string,
  end: string,
): Promise<TBlock[]> {
  return em.execute<TBlock[]>(
    `select ${BLOCK_COLUMNS} from calendar_blocks
      where property_id = ? and daterange(start_date, end_date, '[)') && daterange(?::date, ?::date, '[)')
      order by start_date for update`,
    [propertyId, start, end],
  );
}

/** Moves a block's dates and its hold's together (shrinking only, so it cannot clash). */
export async function resizeBlock(
  em: EntityManager,
  blockId: number,
  start: string,
  end: string,
): Promise<void> {
  await em.execute(
    `with k as (update calendar_blocks set start_date = ?::date, end_date = ?::date where id = ? returning id)
     update date_holds set start_date = ?::date, end_date = ?::date where block_id in (select id from k)`,
    [start, end, blockId, start, end],
  );
}
