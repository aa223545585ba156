import type { THomeScope } from '../../repositories/home-scope.ts';
import { turnoversOf } from '../../repositories/housekeeping.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { addDays, daysBetween } from '#shared/dates.ts';
import { priceNights } from '#shared/pricing.ts';
import type { TPropertyMonth, TTimeline, ZMonthInput, ZTimelineInput } from '#shared/schemas/calendar.ts';
import { AppError } from '../../errors.ts';
import { barsFor, timelineHomes, type TBarView } from '../../repositories/calendar-holds.ts';
import { propertyTitle } from '../../repositories/properties.ts';
import { stayRulesFor } from '../../repositories/property-rates.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';
import { getSettings } from '../settings/settings.ts';
import { END_AFTER_START } from '#shared/messages.ts';
import { seesGuests, type TStaffRole } from '#shared/schemas/staff-role.ts';

/** The widest window one calendar call may ask for: about three months. */
const MAX_VIEW_DAYS = 93;
/** The timeline's window when the caller names none: about two months from yesterday. */
const DEFAULT_TIMELINE_DAYS = 62;

function checkWindow(from: string, to: string): void {
  const days = daysBetween(from, to);
  if (days < 1) throw new AppError('VALIDATION', END_AFTER_START);
  if (days > MAX_VIEW_DAYS)
    throw new AppError('VALIDATION', `A calendar view spans at most ${MAX_VIEW_DAYS} days`);
}

/** What a calendar shows a role of the team: guests and confirmation numbers to the back office only. */
export const barViewOf = (role: TStaffRole): TBarView => (seesGuests(role) ? 'back-office' : 'team');

/** The month of one home: its bars (as `view` may see them) and each night's price by its rules. */
export async function propertyMonth(
  em: EntityManager,
  input: z.output<typeof ZMonthInput>,
  view: TBarView = 'back-office',
): Promise<TPropertyMonth> {
  checkWindow(input.from, input.to);
  const [rules, bars, settings, title] = await Promise.all([
    stayRulesFor(em, [input.id], input.from, input.to),
    barsFor(em, [input.id], input.from, input.to, view),
    getSettings(em),
    propertyTitle(em, input.id),
  ]);
  const homeRules = rules.get(input.id);
  if (!homeRules) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return {
    propertyId: input.id,
    title: title ?? '',
    basePrice: homeRules.basePrice,
    minNights: homeRules.minNights ?? settings.minNightsDefault,
    bars: bars.get(input.id) ?? [],
    prices: priceNights(homeRules, input.from, input.to),
  };
}

/** One page of homes (newest first) with their bars in the window: the timeline pages by home. */
export async function timeline(
  em: EntityManager,
  input: z.output<typeof ZTimelineInput>,
  scope: THomeScope = null,
  view: TBarView = 'back-office',
): Promise<TTimeline> {
  const from = input.from ?? addDays(new Date().toISOString().slice(0, 10), -1);
  const to = input.to ?? addDays(from, DEFAULT_TIMELINE_DAYS);
  checkWindow(from, to);
  const homes = await timelineHomes(em, {
    cursor: input.cursor,
    search: input.search,
    limit: input.limit,
    homes: scope,
  });
  const page = homes.slice(0, input.limit);
  const bars = await barsFor(
    em,
    page.map((h) => h.id),
    from,
    to,
    view,
  );
  const turnovers = await turnoversOf(
    em,
    page.map((h) => h.id),
    from,
    to,
  );
  const last = page[page.length - 1];
  return {
    rows: page.map((h) => ({
      propertyId: h.id,
      title: h.title,
      bars: bars.get(h.id) ?? [],
      turnovers: turnovers
        .filter((t) => t.property_id === h.id)
        .map((t) => ({ taskId: t.id, date: t.due_date, status: t.status })),
    })),
    nextCursor: homes.length > input.limit && last ? last.id : null,
  };
}
