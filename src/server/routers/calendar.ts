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
    .meta(
      rest.get('/properties/{id}/blocks', {
        summary: "A home's blocked ranges (admin)",
        description:
          'The ranges of nights closed on a home by the operator (maintenance, owner use), each with its reason.',
      }),
    )
    .concat(idInput('property'))
    .output(z.array(ZBlock))
    .query(({ ctx, input }) => getBlocks(ctx.em, input.id)),

  block: adminProcedure
    .meta(
      rest.post('/properties/{id}/blocks', {
        summary: 'Close a range of nights on a home (admin); 409 naming the booking or block already there',
        description:
          'Closes the nights of a range so nobody can book them. A range that meets a booking or another block answers 409 naming it.',
      }),
    )
    .concat(scopedInput(ZBlockInput, { id: 'property' }))
    .output(ZBlock)
    .mutation(({ ctx, input }) => createBlock(ctx.em, input, ctx.actingUser)),

  unblock: adminProcedure
    .meta(
      rest.delete('/properties/{id}/blocks/{blockId}', {
        summary: 'Reopen a block (admin)',
        description: 'Removes one block; its nights can be booked again.',
      }),
    )
    .concat(scopedInput(ZBlockRef, { id: 'property', blockId: 'block' }))
    .output(ZOk)
    .mutation(({ ctx, input }) => removeBlock(ctx.em, input.id, input.blockId, ctx.actingUser)),

  reopen: adminProcedure
    .meta(
      rest.post('/properties/{id}/blocks/reopen', {
        summary: 'Free every blocked night of a range (admin); blocks reaching past it are trimmed or split',
        description:
          'Frees every blocked night between two dates. Blocks wholly inside the range are removed; those that reach past it are shortened or split in two.',
      }),
    )
    .concat(scopedInput(ZReopenInput, { id: 'property' }))
    .output(z.object({ reopened: z.number().int() }))
    .mutation(({ ctx, input }) => reopenRange(ctx.em, input, ctx.actingUser)),

  rates: adminProcedure
    .meta(
      rest.get('/properties/{id}/rates', {
        summary: "A home's price and stay rules (admin)",
        description:
          'The base nightly price, the weekend price, the seasons with their prices and the stay rules of one home.',
      }),
    )
    .concat(idInput('property'))
    .output(z.array(ZRate))
    .query(({ ctx, input }) => getRates(ctx.em, input.id)),

  setRate: adminProcedure
    .meta(
      rest.post('/properties/{id}/rates', {
        summary:
          'Set a season (dates + nightly price; it wins over seasons it overlaps, which are trimmed or split), the weekend price (Friday and Saturday nights) or the minimum nights (admin)',
        description:
          'Saves one rate of a home: a season with its nightly price, the Friday and Saturday price, or the fewest nights. A new season replaces the parts of older ones it overlaps.',
      }),
    )
    .concat(scopedInput(ZRateInput, { id: 'property' }))
    .output(ZRate)
    .mutation(({ ctx, input }) => setRate(ctx.em, input, ctx.actingUser)),

  deleteRate: adminProcedure
    .meta(
      rest.delete('/properties/{id}/rates/{rateId}', {
        summary: 'Remove a rate (admin)',
        description: 'Removes one season or rule from a home; quotes from now on go without it.',
      }),
    )
    .concat(scopedInput(ZRateRef, { id: 'property', rateId: 'rate' }))
    .output(ZOk)
    .mutation(({ ctx, input }) => removeRate(ctx.em, input.id, input.rateId, ctx.actingUser)),

  month: teamProcedure
    .meta(
      rest.get('/properties/{id}/calendar', {
        summary:
          "A home's calendar between two dates: bookings, blocks, imported events and each night's price (admin)",
        description:
          'What the calendar grid shows for one home between two dates: bookings, blocks, imported events and the price of each night.',
      }),
    )
    .concat(scopedInput(ZMonthInput, { id: 'property' }))
    .output(ZPropertyMonth)
    .query(({ ctx, input }) => propertyMonth(ctx.em, input, barViewOf(ctx.staff.role))),

  timeline: teamProcedure
    .meta(
      rest.get('/calendar/timeline', {
        summary: 'Every home on one timeline, paged by home (admin)',
        description:
          'Bookings, blocks and imported events of every home on one timeline between two dates, a page of homes at a time. Staff with homes see only theirs.',
      }),
    )
    .concat(scopedInput(ZTimelineInput, 'list'))
    .output(ZTimeline)
    .query(({ ctx, input }) => timeline(ctx.em, input, ctx.staff.homes, barViewOf(ctx.staff.role))),

  ical: adminProcedure
    .meta(
      rest.get('/properties/{id}/ical', {
        summary: "A home's secret iCal export URL and its imported feeds (admin)",
        description:
          "The private URL other channels read this home's bookings from, and the channels' feeds imported into it with their last sync.",
      }),
    )
    .concat(idInput('property'))
    .output(ZIcalInfo)
    .query(({ ctx, input }) => icalInfo(ctx.em, exportOf(ctx, input.id))),

  regenerateIcal: adminProcedure
    .meta(
      rest.post('/properties/{id}/ical/regenerate', {
        summary: 'A new export URL for a home; the old one answers 404 from now on (admin)',
        description:
          "Replaces the home's export URL with a new secret one, for when the old one leaked. Channels must be given the new URL.",
      }),
    )
    .concat(idInput('property'))
    .output(ZIcalInfo)
    .mutation(({ ctx, input }) => regenerateIcal(ctx.em, exportOf(ctx, input.id), ctx.actingUser)),

  addFeed: adminProcedure
    .meta(
      rest.post('/properties/{id}/ical/feeds', {
        summary:
          "Import another channel's iCal feed into a home, e.g. { name: 'Airbnb', url } (admin); it syncs at once",
        description:
          "Adds another channel's iCal URL to a home. It is fetched at once and then on a schedule; its events close their nights here.",
      }),
    )
    .concat(scopedInput(ZFeedInput, { id: 'property' }))
    .output(ZFeed)
    .mutation(({ ctx, input }) => addFeed(ctx.em, input, importOptions(ctx), ctx.actingUser)),

  addExportChannel: adminProcedure
    .meta(
      rest.post('/properties/{id}/ical/channels', {
        summary: 'Add a channel that only reads our calendar (admin): a name, no feed to import',
        description:
          "Answers the channel with its own export URL: the home's bookings and blocks, plus every stay imported from the home's other channels (its switch, as for any channel, turns those off). Events that came from us are never passed back. Nothing is ever synced from it; POST …/feeds/{feedId}/sync answers 409.",
      }),
    )
    .concat(scopedInput(ZExportChannelInput, { id: 'property' }))
    .output(ZIcalFeed)
    .mutation(({ ctx, input }) =>
      addExportOnlyChannel(ctx.em, exportOf(ctx, input.id), input.name, ctx.actingUser),
    ),

  syncFeed: adminProcedure
    .meta(
      rest.post('/properties/{id}/ical/feeds/{feedId}/sync', {
        summary: "Sync a feed now (admin); a failure is recorded as the feed's last error",
        description:
          "Fetches one imported feed now instead of waiting for the schedule. A failure is kept as the feed's last error and answered.",
      }),
    )
    .concat(scopedInput(ZFeedRef, { id: 'property', feedId: 'feed' }))
    .output(ZSyncResult)
    .mutation(({ ctx, input }) =>
      syncFeedNow(ctx.em, input.id, input.feedId, importOptions(ctx), ctx.actingUser),
    ),

  setFeedExport: adminProcedure
    .meta(
      rest.put('/properties/{id}/ical/feeds/{feedId}/export', {
        summary:
          "Whether this channel's export URL also carries the stays imported from the home's other feeds (admin; on by default)",
        description:
          "Turns on or off whether the export URL given to this channel also lists the stays imported from the home's other channels.",
      }),
    )
    .concat(scopedInput(ZFeedExportInput, { id: 'property', feedId: 'feed' }))
    .output(ZFeed)
    .mutation(({ ctx, input }) => setFeedExport(ctx.em, input, ctx.actingUser)),

  deleteFeed: adminProcedure
    .meta(
      rest.delete('/properties/{id}/ical/feeds/{feedId}', {
        summary: 'Stop importing a feed; its events free their dates (admin)',
        description: "Stops importing a channel's feed. The nights its events closed become free.",
      }),
    )
    .concat(scopedInput(ZFeedRef, { id: 'property', feedId: 'feed' }))
    .output(ZOk)
    .mutation(({ ctx, input }) => removeFeed(ctx.em, input.id, input.feedId, ctx.actingUser)),

  conflicts: adminProcedure
    .meta(
      rest.get('/calendar/conflicts', {
        summary: 'Imported events that fall on one of our bookings, soonest first (admin)',
        description:
          'Events imported from other channels that overlap one of our bookings, so the operator can settle the double booking.',
      }),
    )
    .concat(
      scopedInput(z.object({ propertyId: zIdOf('Property id').optional() }).optional(), {
        propertyId: 'property',
      }),
    )
    .output(z.array(ZConflict))
    .query(({ ctx, input }) => getConflicts(ctx.em, input?.propertyId, ctx.staff.homes)),
});
