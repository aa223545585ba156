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
import { routes } from './calendar.rest.ts';

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
