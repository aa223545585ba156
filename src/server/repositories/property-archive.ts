import type { EntityManager } from '@mikro-orm/postgresql';
import { PROPERTY_COLUMNS, rowToPropertyDto, type TPropertyRow } from '../services/properties/dto.ts';
import type { TProperty } from '../../shared/schemas/property.ts';

/** The queries behind deleting (archiving) and restoring a home. */

/** How many bookings a home has, and how many of them (pending or confirmed) have not ended yet. */
export async function countBookingsOf(
  em: EntityManager,
  propertyId: number,
  today: string,
): Promise<{ bookings: number; upcoming: number }> {
  const [row] = await em.execute<{ bookings: string; upcoming: string }[]>(
    `select count(*) as bookings,
            count(*) filter (where status in ('pending', 'confirmed') and check_out > ?::date) as upcoming
       from bookings where property_id = ?`,
    [today, propertyId],
  );
  return { bookings: Number(row?.bookings ?? 0), upcoming: Number(row?.upcoming ?? 0) };
}

/** Archived homes, most recently archived first. */
export async function listArchivedProperties(em: EntityManager): Promise<TProperty[]> {
  const rows = await em.execute<TPropertyRow[]>(
    `select ${PROPERTY_COLUMNS} from properties where archived_at is not null order by archived_at desc, id desc`,
  );
  return rows.map(rowToPropertyDto);
}

/** Takes a home out of the archive; answers false when no archived home has that id. */
export async function unarchiveProperty(em: EntityManager, id: number): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    'update properties set archived_at = null where id = ? and archived_at is not null returning id',
    [id],
  );
  return rows.length > 0;
}
