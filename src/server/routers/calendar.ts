import { z } from 'zod';
import {
  ZBlock,
  ZBlockInput,
  ZBlockRef,
  ZConflict,
  ZExportChannelInput,
  ZFeed,
  ZFeedExportInput,
  ZFeedInput,
  ZFeedRef,
  ZIcalFeed,
  ZIcalInfo,
  ZMonthInput,
  ZPropertyMonth,
  ZRate,
  ZRateInput,
  ZRateRef,
  ZReopenInput,
  ZSyncResult,
  ZTimeline,
  ZTimelineInput,
} from '#shared/schemas/calendar.ts';
import { zIdOf, ZOk } from '#shared/schemas/common.ts';
import type { TContext } from '../context.ts';
import { createBlock, getBlocks, removeBlock, reopenRange } from '../services/calendar/blocks.ts';
import {
  addExportOnlyChannel,
  icalInfo,
  regenerateIcal,
  type TIcalOptions,
} from '../services/calendar/ical-export.ts';
import {
  addFeed,
  getConflicts,
  removeFeed,
  setFeedExport,
  syncFeedNow,
  type TImportOptions,
} from '../services/calendar/ical-import.ts';
import { getRates, removeRate, setRate } from '../services/calendar/rates.ts';
import { barViewOf, propertyMonth, timeline } from '../services/calendar/views.ts';
import { queueConflictEmail } from '../services/email/calendar-conflicts.ts';
import { adminProcedure, router, teamProcedure, scopedInput, idInput } from '../trpc.ts';
import { publicOrigin } from '../http/client-address.ts';
import { rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  blocks: rest.get(
    '/properties/{id}/blocks',
    "A home's blocked ranges (admin)",
    'The ranges of nights closed on a home by the operator (maintenance, owner use), each with its reason.',
  ),
  block: rest.post(
    '/properties/{id}/blocks',
    'Close a range of nights on a home (admin); 409 naming the booking or block already there',
    'Closes the nights of a range so nobody can book them. A range that meets a booking or another block answers 409 naming it.',
  ),
  unblock: rest.delete(
    '/properties/{id}/blocks/{blockId}',
    'Reopen a block (admin)',
    'Removes one block; its nights can be booked again.',
  ),
  reopen: rest.post(
    '/properties/{id}/blocks/reopen',
    'Free every blocked night of a range (admin); blocks reaching past it are trimmed or split',
    'Frees every blocked night between two dates. Blocks wholly inside the range are removed; those that reach past it are shortened or split in two.',
  ),
  rates: rest.get(
    '/properties/{id}/rates',
    "A home's price and stay rules (admin)",
    'The base nightly price, the weekend price, the seasons with their prices and the stay rules of one home.',
  ),
  setRate: rest.post(
    '/properties/{id}/rates',
    'Set a season (dates + nightly price; it wins over seasons it overlaps, which are trimmed or split), the weekend price (Friday and Saturday nights) or the minimum nights (admin)',
    'Saves one rate of a home: a season with its nightly price, the Friday and Saturday price, or the fewest nights. A new season replaces the parts of older ones it overlaps.',
  ),
  deleteRate: rest.delete(
    '/properties/{id}/rates/{rateId}',
    'Remove a rate (admin)',
    'Removes one season or rule from a home; quotes from now on go without it.',
  ),
  month: rest.get(
    '/properties/{id}/calendar',
    "A home's calendar between two dates: bookings, blocks, imported events and each night's price (admin)",
    'What the calendar grid shows for one home between two dates: bookings, blocks, imported events and the price of each night.',
  ),
  timeline: rest.get(
    '/calendar/timeline',
    'Every home on one timeline, paged by home (admin)',
    'Bookings, blocks and imported events of every home on one timeline between two dates, a page of homes at a time. Staff with homes see only theirs.',
  ),
  ical: rest.get(
    '/properties/{id}/ical',
    "A home's secret iCal export URL and its imported feeds (admin)",
    "The private URL other channels read this home's bookings from, and the channels' feeds imported into it with their last sync.",
  ),
  regenerateIcal: rest.post(
    '/properties/{id}/ical/regenerate',
    'A new export URL for a home; the old one answers 404 from now on (admin)',
    "Replaces the home's export URL with a new secret one, for when the old one leaked. Channels must be given the new URL.",
  ),
  addFeed: rest.post(
    '/properties/{id}/ical/feeds',
    "Import another channel's iCal feed into a home, e.g. { name: 'Airbnb', url } (admin); it syncs at once",
    "Adds another channel's iCal URL to a home. It is fetched at once and then on a schedule; its events close their nights here.",
  ),
  addExportChannel: rest.post(
    '/properties/{id}/ical/channels',
    'Add a channel that only reads our calendar (admin): a name, no feed to import',
    "Answers the channel with its own export URL: the home's bookings and blocks, plus every stay imported from the home's other channels (its switch, as for any channel, turns those off). Events that came from us are never passed back. Nothing is ever synced from it; POST …/feeds/{feedId}/sync answers 409.",
  ),
  syncFeed: rest.post(
    '/properties/{id}/ical/feeds/{feedId}/sync',
    "Sync a feed now (admin); a failure is recorded as the feed's last error",
    "Fetches one imported feed now instead of waiting for the schedule. A failure is kept as the feed's last error and answered.",
  ),
  setFeedExport: rest.put(
    '/properties/{id}/ical/feeds/{feedId}/export',
    "Whether this channel's export URL also carries the stays imported from the home's other feeds (admin; on by default)",
    "Turns on or off whether the export URL given to this channel also lists the stays imported from the home's other channels.",
  ),
  deleteFeed: rest.delete(
    '/properties/{id}/ical/feeds/{feedId}',
    'Stop importing a feed; its events free their dates (admin)',
    "Stops importing a channel's feed. The nights its events closed become free.",
  ),
  conflicts: rest.get(
    '/calendar/conflicts',
    'Imported events that fall on one of our bookings, soonest first (admin)',
    'Events imported from other channels that overlap one of our bookings, so the operator can settle the double booking.',
  ),
};

/**
 * A home's iCal export as this server signs it; its URLs point at PUBLIC_URL when set, else at the origin
 * the admin reached us on.
 */
const exportOf = (ctx: TContext, propertyId: number): TIcalOptions => ({
  secret: ctx.deps.env.icalSecret,
  origin: publicOrigin(ctx.req, ctx.deps.env.publicUrl),
  propertyId,
});

/** How this server imports feeds: its SSRF switch, and how the operator hears of new conflicts. */
export function importOptions(ctx: TContext): TImportOptions {
  return { allowPrivateHosts: ctx.deps.env.icalAllowPrivateHosts, onConflicts: queueConflictEmail };
}

export const calendarRouter = router({
  blocks: adminProcedure
    .meta(routes.blocks)
    .concat(idInput('property'))
    .output(z.array(ZBlock))
    .query(({ ctx, input }) => getBlocks(ctx.em, input.id)),

  block: adminProcedure
    .meta(routes.block)
    .concat(scopedInput(ZBlockInput, { id: 'property' }))
    .output(ZBlock)
    .mutation(({ ctx, input }) => createBlock(ctx.em, input, ctx.actingUser)),

  unblock: adminProcedure
    .meta(routes.unblock)
    .concat(scopedInput(ZBlockRef, { id: 'property', blockId: 'block' }))
    .output(ZOk)
    .mutation(({ ctx, input }) => removeBlock(ctx.em, input.id, input.blockId, ctx.actingUser)),

  reopen: adminProcedure
    .meta(routes.reopen)
    .concat(scopedInput(ZReopenInput, { id: 'property' }))
    .output(z.object({ reopened: z.number().int() }))
    .mutation(({ ctx, input }) => reopenRange(ctx.em, input, ctx.actingUser)),

  rates: adminProcedure
    .meta(routes.rates)
    .concat(idInput('property'))
    .output(z.array(ZRate))
    .query(({ ctx, input }) => getRates(ctx.em, input.id)),

  setRate: adminProcedure
    .meta(routes.setRate)
    .concat(scopedInput(ZRateInput, { id: 'property' }))
    .output(ZRate)
    .mutation(({ ctx, input }) => setRate(ctx.em, input, ctx.actingUser)),

  deleteRate: adminProcedure
    .meta(routes.deleteRate)
    .concat(scopedInput(ZRateRef, { id: 'property', rateId: 'rate' }))
    .output(ZOk)
    .mutation(({ ctx, input }) => removeRate(ctx.em, input.id, input.rateId, ctx.actingUser)),

  month: teamProcedure
    .meta(routes.month)
    .concat(scopedInput(ZMonthInput, { id: 'property' }))
    .output(ZPropertyMonth)
    .query(({ ctx, input }) => propertyMonth(ctx.em, input, barViewOf(ctx.staff.role))),

  timeline: teamProcedure
    .meta(routes.timeline)
    .concat(scopedInput(ZTimelineInput, 'list'))
    .output(ZTimeline)
    .query(({ ctx, input }) => timeline(ctx.em, input, ctx.staff.homes, barViewOf(ctx.staff.role))),

  ical: adminProcedure
    .meta(routes.ical)
    .concat(idInput('property'))
    .output(ZIcalInfo)
    .query(({ ctx, input }) => icalInfo(ctx.em, exportOf(ctx, input.id))),

  regenerateIcal: adminProcedure
    .meta(routes.regenerateIcal)
    .concat(idInput('property'))
    .output(ZIcalInfo)
    .mutation(({ ctx, input }) => regenerateIcal(ctx.em, exportOf(ctx, input.id), ctx.actingUser)),

  addFeed: adminProcedure
    .meta(routes.addFeed)
    .concat(scopedInput(ZFeedInput, { id: 'property' }))
    .output(ZFeed)
    .mutation(({ ctx, input }) => addFeed(ctx.em, input, importOptions(ctx), ctx.actingUser)),

  addExportChannel: adminProcedure
    .meta(routes.addExportChannel)
    .concat(scopedInput(ZExportChannelInput, { id: 'property' }))
    .output(ZIcalFeed)
    .mutation(({ ctx, input }) =>
      addExportOnlyChannel(ctx.em, exportOf(ctx, input.id), input.name, ctx.actingUser),
    ),

  syncFeed: adminProcedure
    .meta(routes.syncFeed)
    .concat(scopedInput(ZFeedRef, { id: 'property', feedId: 'feed' }))
    .output(ZSyncResult)
    .mutation(({ ctx, input }) =>
      syncFeedNow(ctx.em, input.id, input.feedId, importOptions(ctx), ctx.actingUser),
    ),

  setFeedExport: adminProcedure
    .meta(routes.setFeedExport)
    .concat(scopedInput(ZFeedExportInput, { id: 'property', feedId: 'feed' }))
    .output(ZFeed)
    .mutation(({ ctx, input }) => setFeedExport(ctx.em, input, ctx.actingUser)),

  deleteFeed: adminProcedure
    .meta(routes.deleteFeed)
    .concat(scopedInput(ZFeedRef, { id: 'property', feedId: 'feed' }))
    .output(ZOk)
    .mutation(({ ctx, input }) => removeFeed(ctx.em, input.id, input.feedId, ctx.actingUser)),

  conflicts: adminProcedure
    .meta(routes.conflicts)
    .concat(
      scopedInput(z.object({ propertyId: zIdOf('Property id').optional() }).optional(), {
        propertyId: 'property',
      }),
    )
    .output(z.array(ZConflict))
    .query(({ ctx, input }) => getConflicts(ctx.em, input?.propertyId, ctx.staff.homes)),
});
