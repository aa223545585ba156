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
import { zIdOf, ZIdParam, ZOk } from '#shared/schemas/common.ts';
import type { TContext } from '../context.ts';
import { createBlock, getBlocks, removeBlock, reopenRange } from '../services/calendar/blocks.ts';
import { addExportOnlyChannel, icalInfo, regenerateIcal } from '../services/calendar/ical-export.ts';
import {
  addFeed,
  getConflicts,
  removeFeed,
  setFeedExport,
  syncFeedNow,
  type TImportOptions,
} from '../services/calendar/ical-import.ts';
import { getRates, removeRate, setRate } from '../services/calendar/rates.ts';
import { propertyMonth, timeline } from '../services/calendar/views.ts';
import { queueConflictEmail } from '../services/email/calendar-conflicts.ts';
import { adminProcedure, router, teamProcedure } from '../trpc.ts';
import { publicOrigin } from '../http/client-address.ts';

const tags = ['calendar'];

/** Where the iCal export URLs point: PUBLIC_URL when set, else the origin the admin reached us on. */
const originOf = (ctx: TContext) => publicOrigin(ctx.req, ctx.deps.env.publicUrl);

/** How this server imports feeds: its SSRF switch, and how the operator hears of new conflicts. */
export function importOptions(ctx: TContext): TImportOptions {
  return { allowPrivateHosts: ctx.deps.env.icalAllowPrivateHosts, onConflicts: queueConflictEmail };
}

export const calendarRouter = router({
  blocks: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/properties/{id}/blocks',
        tags,
        summary: "A home's blocked ranges (admin)",
      },
    })
    .input(ZIdParam)
    .output(z.array(ZBlock))
    .query(({ ctx, input }) => getBlocks(ctx.em, input.id)),

  block: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/properties/{id}/blocks',
        tags,
        summary: 'Close a range of nights on a home (admin); 409 naming the booking or block already there',
      },
    })
    .input(ZBlockInput)
    .output(ZBlock)
    .mutation(({ ctx, input }) => createBlock(ctx.em, input, ctx.actingUser)),

  unblock: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/properties/{id}/blocks/{blockId}',
        tags,
        summary: 'Reopen a block (admin)',
      },
    })
    .input(ZBlockRef)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await removeBlock(ctx.em, input.id, input.blockId, ctx.actingUser);
      return { ok: true as const };
    }),

  reopen: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/properties/{id}/blocks/reopen',
        tags,
        summary: 'Free every blocked night of a range (admin); blocks reaching past it are trimmed or split',
      },
    })
    .input(ZReopenInput)
    .output(z.object({ reopened: z.number().int() }))
    .mutation(({ ctx, input }) => reopenRange(ctx.em, input, ctx.actingUser)),

  rates: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/properties/{id}/rates',
        tags,
        summary: "A home's price and stay rules (admin)",
      },
    })
    .input(ZIdParam)
    .output(z.array(ZRate))
    .query(({ ctx, input }) => getRates(ctx.em, input.id)),

  setRate: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/properties/{id}/rates',
        tags,
        summary:
          'Set a season (dates + nightly price; it wins over seasons it overlaps, which are trimmed or split), the weekend price (Friday and Saturday nights) or the minimum nights (admin)',
      },
    })
    .input(ZRateInput)
    .output(ZRate)
    .mutation(({ ctx, input }) => setRate(ctx.em, input, ctx.actingUser)),

  deleteRate: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/properties/{id}/rates/{rateId}',
        tags,
        summary: 'Remove a rate (admin)',
      },
    })
    .input(ZRateRef)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await removeRate(ctx.em, input.id, input.rateId, ctx.actingUser);
      return { ok: true as const };
    }),

  month: teamProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/properties/{id}/calendar',
        tags,
        summary:
          "A home's calendar between two dates: bookings, blocks, imported events and each night's price (admin)",
      },
    })
    .input(ZMonthInput)
    .output(ZPropertyMonth)
    .query(({ ctx, input }) => propertyMonth(ctx.em, input)),

  timeline: teamProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/calendar/timeline',
        tags,
        summary: 'Every home on one timeline, paged by home (admin)',
      },
    })
    .input(ZTimelineInput)
    .output(ZTimeline)
    .query(({ ctx, input }) => timeline(ctx.em, input, ctx.staff.homes)),

  ical: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/properties/{id}/ical',
        tags,
        summary: "A home's secret iCal export URL and its imported feeds (admin)",
      },
    })
    .input(ZIdParam)
    .output(ZIcalInfo)
    .query(({ ctx, input }) =>
      icalInfo(ctx.em, { secret: ctx.deps.env.icalSecret, origin: originOf(ctx), propertyId: input.id }),
    ),

  regenerateIcal: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/properties/{id}/ical/regenerate',
        tags,
        summary: 'A new export URL for a home; the old one answers 404 from now on (admin)',
      },
    })
    .input(ZIdParam)
    .output(ZIcalInfo)
    .mutation(({ ctx, input }) =>
      regenerateIcal(
        ctx.em,
        { secret: ctx.deps.env.icalSecret, origin: originOf(ctx), propertyId: input.id },
        ctx.actingUser,
      ),
    ),

  addFeed: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/properties/{id}/ical/feeds',
        tags,
        summary:
          "Import another channel's iCal feed into a home, e.g. { name: 'Airbnb', url } (admin); it syncs at once",
      },
    })
    .input(ZFeedInput)
    .output(ZFeed)
    .mutation(({ ctx, input }) => addFeed(ctx.em, input, importOptions(ctx), ctx.actingUser)),

  addExportChannel: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/properties/{id}/ical/channels',
        tags,
        summary: 'Add a channel that only reads our calendar (admin): a name, no feed to import',
        description:
          "Answers the channel with its own export URL: the home's bookings and blocks, plus every stay imported from the home's other channels (its switch, as for any channel, turns those off). Events that came from us are never passed back. Nothing is ever synced from it; POST …/feeds/{feedId}/sync answers 409.",
      },
    })
    .input(ZExportChannelInput)
    .output(ZIcalFeed)
    .mutation(({ ctx, input }) =>
      addExportOnlyChannel(
        ctx.em,
        { secret: ctx.deps.env.icalSecret, origin: originOf(ctx), propertyId: input.id },
        input.name,
        ctx.actingUser,
      ),
    ),

  syncFeed: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/properties/{id}/ical/feeds/{feedId}/sync',
        tags,
        summary: "Sync a feed now (admin); a failure is recorded as the feed's last error",
      },
    })
    .input(ZFeedRef)
    .output(ZSyncResult)
    .mutation(({ ctx, input }) =>
      syncFeedNow(ctx.em, input.id, input.feedId, importOptions(ctx), ctx.actingUser),
    ),

  setFeedExport: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/properties/{id}/ical/feeds/{feedId}/export',
        tags,
        summary:
          "Whether this channel's export URL also carries the stays imported from the home's other feeds (admin; on by default)",
      },
    })
    .input(ZFeedExportInput)
    .output(ZFeed)
    .mutation(({ ctx, input }) => setFeedExport(ctx.em, input, ctx.actingUser)),

  deleteFeed: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/properties/{id}/ical/feeds/{feedId}',
        tags,
        summary: 'Stop importing a feed; its events free their dates (admin)',
      },
    })
    .input(ZFeedRef)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await removeFeed(ctx.em, input.id, input.feedId, ctx.actingUser);
      return { ok: true as const };
    }),

  conflicts: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/calendar/conflicts',
        tags,
        summary: 'Imported events that fall on one of our bookings, soonest first (admin)',
      },
    })
    .input(z.object({ propertyId: zIdOf('Property id').optional() }).optional())
    .output(z.array(ZConflict))
    .query(({ ctx, input }) => getConflicts(ctx.em, input?.propertyId, ctx.staff.homes)),
});
