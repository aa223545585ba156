import type { EntityManager } from '@mikro-orm/postgresql';
import type { TConflict } from '#shared/schemas/calendar.ts';
import { formatIsoDate } from '#shared/dates.ts';
import { getSettings } from '../settings/settings.ts';
import { queueComposed } from './compose.ts';
import { paragraph, rows } from './render.ts';

/**
 * Tells the operator (settings' notification address) of imported events that fall on our bookings,
 * in the sync's own transaction through the outbox (docs/decisions.md#emails, #held-dates).
 */
export async function queueConflictEmail(tx: EntityManager, conflicts: TConflict[]): Promise<void> {
  if (conflicts.length === 0) return;
  const settings = await getSettings(tx);
  const heading =
    conflicts.length === 1
      ? 'A calendar conflict needs your attention'
      : `${conflicts.length} calendar conflicts need your attention`;
  await queueComposed(tx, settings, [
    {
      to: settings.notificationEmail,
      subject: heading,
      template: 'calendar-conflict',
      heading,
      blocks: [
        paragraph(
          'Another channel has dates that overlap one of our bookings. Both are kept; please resolve it.',
        ),
        ...conflicts.map((c) =>
          rows([
            ['Home', c.propertyTitle],
            ['Channel', c.feedName],
            ['Dates', `${formatIsoDate(c.startDate, true)} to ${formatIsoDate(c.endDate, true)}`],
            ['Our booking', c.confirmationNumber],
          ]),
        ),
      ],
    },
  ]);
}
