import { z } from 'zod';
import { ZId, ZMoney, zMoneyIn, zBool, zIdOf, zInt, ZIsoDate, zLine, withDefault } from './common.ts';
import { END_AFTER_START, FEED_URL_HTTP, NIGHTLY_PRICE_REQUIRED, START_DATE_REQUIRED } from '../messages.ts';

/** Ranges of nights are half-open like a stay: the end date is the first free day. */
const endAfterStart: [
  (v: { startDate: string; endDate: string }) => boolean,
  { error: string; path: string[] },
] = [(v) => v.endDate > v.startDate, { error: END_AFTER_START, path: ['endDate'] }];

export const BLOCK_REASONS = ['maintenance', 'owner', 'other'] as const;
export const ZBlockReason = z.enum(BLOCK_REASONS, { error: 'Reason must be maintenance, owner or other' });
export type TBlockReason = z.infer<typeof ZBlockReason>;
export const BLOCK_REASON_LABELS: Record<TBlockReason, string> = {
  maintenance: 'Maintenance',
  owner: "Owner's stay",
  other: 'Other',
};

export const ZBlockInput = z
  .object({
    id: ZId,
    startDate: ZIsoDate,
    endDate: ZIsoDate,
    reason: ZBlockReason.default('other'),
    note: zLine('Note').trim().max(200, { error: 'Note is too long' }).default(''),
  })
  .refine(...endAfterStart);
export type TBlockInput = z.input<typeof ZBlockInput>;

export const ZBlock = z.object({
  id: z.number().int(),
  propertyId: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  reason: ZBlockReason,
  note: z.string(),
  createdAt: z.string(),
});
export type TBlock = z.infer<typeof ZBlock>;

export const ZBlockRef = z.object({ id: ZId, blockId: ZId });

/** Reopen: free every blocked night of the range; blocks reaching past it are trimmed or split. */
export const ZReopenInput = z
  .object({ id: ZId, startDate: ZIsoDate, endDate: ZIsoDate })
  .refine(...endAfterStart);

export const RATE_KINDS = ['season', 'weekend', 'minNights'] as const;
export const ZRateKind = z.enum(RATE_KINDS, { error: 'Kind must be season, weekend or minNights' });
export type TRateKind = z.infer<typeof ZRateKind>;

const ZPrice = zMoneyIn(
  'Price',
  z
    .number({ error: 'Price must be a number' })
    .min(1, { error: 'Price must be at least 1' })
    .max(1_000_000, { error: 'Price is too high' }),
);
const ZNights = zInt(
  z
    .number({ error: 'Minimum nights must be a number' })
    .int({ error: 'Minimum nights must be a whole number' })
    .min(1, { error: 'Minimum nights must be at least 1' })
    .max(365, { error: 'Minimum nights cannot exceed 365' }),
);

/**
 * One rule of a home's prices (docs/features.md#operator-calendar):
 * - `season`: dates and a nightly price. A season set over existing ones wins: those are trimmed or split
 *   around it, so seasons never overlap (the newest price for a night is the one charged).
 * - `weekend`: the price of Friday and Saturday nights outside seasons; setting it replaces the previous one.
 * - `minNights`: the home's minimum stay, overriding the settings' default; setting it replaces the previous one.
 */
export const ZRateInput = z
  .object({
    id: ZId,
    kind: ZRateKind,
    startDate: ZIsoDate.optional(),
    endDate: ZIsoDate.optional(),
    nightlyPrice: ZPrice.optional(),
    minNights: ZNights.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'season') {
      if (!v.startDate) ctx.addIssue({ code: 'custom', message: START_DATE_REQUIRED, path: ['startDate'] });
      if (!v.endDate) ctx.addIssue({ code: 'custom', message: 'End date is required', path: ['endDate'] });
      if (v.startDate && v.endDate && v.endDate <= v.startDate)
        ctx.addIssue({ code: 'custom', message: END_AFTER_START, path: ['endDate'] });
    }
    if (v.kind !== 'minNights' && v.nightlyPrice === undefined)
      ctx.addIssue({ code: 'custom', message: NIGHTLY_PRICE_REQUIRED, path: ['nightlyPrice'] });
    if (v.kind === 'minNights' && v.minNights === undefined)
      ctx.addIssue({ code: 'custom', message: 'Minimum nights is required', path: ['minNights'] });
  });
export type TRateInput = z.input<typeof ZRateInput>;

export const ZRate = z.object({
  id: z.number().int(),
  propertyId: z.number().int(),
  kind: ZRateKind,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  nightlyPrice: ZMoney.nullable(),
  minNights: z.number().int().nullable(),
});
export type TRate = z.infer<typeof ZRate>;

export const ZRateRef = z.object({ id: ZId, rateId: ZId });

export const ZNightPrice = z.object({ date: z.string(), price: ZMoney });

/** The admin's month view of one home. */
export const ZMonthInput = z.object({ id: ZId, from: ZIsoDate, to: ZIsoDate });

export const HOLD_KINDS = ['pending', 'requested', 'confirmed', 'block', 'external', 'conflict'] as const;
export type THoldKind = (typeof HOLD_KINDS)[number];

/** A bar on a calendar: a booking (by status), a block, an imported event, or an imported event in conflict. */
export const ZCalendarBar = z.object({
  kind: z.enum(HOLD_KINDS),
  startDate: z.string(),
  endDate: z.string(),
  label: z.string(),
  bookingId: z.number().int().nullable(),
  blockId: z.number().int().nullable(),
  /** An imported event's link to its reservation on the channel (docs/features.md#calendar-hub). */
  link: z.string().nullable().optional(),
});
export type TCalendarBar = z.infer<typeof ZCalendarBar>;

export const ZPropertyMonth = z.object({
  propertyId: z.number().int(),
  title: z.string(),
  basePrice: ZMoney,
  minNights: z.number().int(),
  bars: z.array(ZCalendarBar),
  prices: z.array(ZNightPrice),
});
export type TPropertyMonth = z.infer<typeof ZPropertyMonth>;

export const TIMELINE_PAGE_SIZE = 25;
/** `from` defaults to yesterday and `to` to two months after `from`. */
export const ZTimelineInput = z.object({
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  cursor: zIdOf('Cursor').optional(),
  search: zLine('Search').trim().max(200).optional(),
  limit: withDefault(
    zInt(
      z
        .number({ error: 'Limit must be a number' })
        .int({ error: 'Limit must be a whole number' })
        .min(1)
        .max(100),
    ),
    TIMELINE_PAGE_SIZE,
  ),
});
export const ZTimelineRow = z.object({
  propertyId: z.number().int(),
  title: z.string(),
  bars: z.array(ZCalendarBar),
  /** Each check-out's turnover task and its state (docs/staff.md#housekeeping). */
  turnovers: z
    .array(
      z.object({
        taskId: z.number().int(),
        date: z.string(),
        status: z.enum(['todo', 'in_progress', 'done', 'problem']),
      }),
    )
    .optional(),
});
export const ZTimeline = z.object({ rows: z.array(ZTimelineRow), nextCursor: z.number().int().nullable() });
export type TTimeline = z.infer<typeof ZTimeline>;
export type TTimelineRow = z.infer<typeof ZTimelineRow>;

export const ZFeedInput = z.object({
  id: ZId,
  name: zLine('Name').trim().min(1, { error: 'Name is required' }).max(60, { error: 'Name is too long' }),
  url: zLine('URL')
    .trim()
    .max(2000, { error: 'URL is too long' })
    .refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), {
      error: FEED_URL_HTTP,
    }),
});
export const ZFeedRef = z.object({ id: ZId, feedId: ZId });

/** A channel that only reads our calendar: a name, and no feed to import (docs/features.md#calendar-hub). */
export const ZExportChannelInput = ZFeedInput.pick({ id: true, name: true });

export const ZFeed = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The channel's calendar we import; null for an export-only channel. */
  url: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  eventCount: z.number().int(),
  conflictCount: z.number().int(),
  /** Its channel's export carries the stays imported from the home's other feeds (docs/features.md#calendar-hub). */
  exportImported: z.boolean(),
});
export type TFeed = z.infer<typeof ZFeed>;

/** A feed as the admin's iCal panel shows it: with the export URL to give that channel. */
export const ZIcalFeed = ZFeed.extend({ exportUrl: z.string() });
export type TIcalFeed = z.infer<typeof ZIcalFeed>;

export const ZIcalInfo = z.object({ exportUrl: z.string(), feeds: z.array(ZIcalFeed) });

/** The calendar hub's switch of one feed. */
export const ZFeedExportInput = z.object({
  id: ZId,
  feedId: ZId,
  exportImported: zBool('exportImported must be true or false'),
});
export type TIcalInfo = z.infer<typeof ZIcalInfo>;

export const ZSyncResult = z.object({
  feed: ZFeed,
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  unchanged: z.boolean(),
});

/** An imported event that falls on one of our bookings: kept, shown, and never silently dropped. */
export const ZConflict = z.object({
  eventId: z.number().int(),
  propertyId: z.number().int(),
  propertyTitle: z.string(),
  feedName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  bookingId: z.number().int(),
  confirmationNumber: z.string(),
});
export type TConflict = z.infer<typeof ZConflict>;
