import type { EntityManager } from '@mikro-orm/postgresql';
import type { TConflict } from '../../../shared/schemas/calendar.ts';
import { getSettings } from '../settings/settings.ts';
import { join, layout, paragraph, rows } from './layout.ts';
import { queueEmail } from './outbox.ts';

/**
 * Tells the operator (settings' notification address) of imported events that fall on our bookings,
 * in the sync's own transaction through the outbox (DECISIONS 17, 21).
 */
export async function queueConflictEmail(tx: EntityManager, conflicts: TConflict[]): Promise<void> {
  if (conflicts.length === 0) return;
  const settings = await getSettings(tx);
  const heading =
    conflicts.length === 1
      ? 'A calendar conflict needs your attention'
      : `${conflicts.length} calendar conflicts need your attention`;
  const body = layout(
    settings.siteName,
    heading,
    join(
      paragraph(
        'Another channel has dates that overlap one of our bookings. Both are kept; please resolve it.',
      ),
      ...conflicts.map((c) =>
        rows([
          ['Home', c.propertyTitle],
          ['Channel', c.feedName],
          ['Dates', `${c.startDate} to ${c.endDate}`],
          ['Our booking', c.confirmationNumber],
        ]),
      ),
    ),
  );
  await queueEmail(tx, {
    to: settings.notificationEmail,
    subject: heading,
    template: 'calendar-conflict',
    ...body,
  });
}
