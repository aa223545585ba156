import { z } from 'zod';
import { daysBetween } from '../dates.ts';
import { ZId, ZIsoDate, ZMoney, ZMoneyFigure } from './common.ts';

/** The business reports (docs/staff.md#reports). */

/** The longest range a report covers: three years of nights. */
export const REPORT_MAX_DAYS = 3 * 365 + 1;
export const REPORT_RANGE_TOO_LONG = 'A report covers at most 3 years';
export const REPORT_RANGE_BACKWARDS = 'The end date must be on or after the start date';
export const REPORT_HOMES_SHOWN = 100;

export const ZReportInput = z
  .object({
    from: ZIsoDate.meta({ description: 'First night of the range' }),
    to: ZIsoDate.meta({ description: 'Last night of the range (included)' }),
    propertyId: ZId.optional(),
  })
  .refine((v) => v.to >= v.from, { error: REPORT_RANGE_BACKWARDS, path: ['to'] })
  .refine((v) => v.to < v.from || daysBetween(v.from, v.to) < REPORT_MAX_DAYS, {
    error: REPORT_RANGE_TOO_LONG,
    path: ['to'],
  });
export type TReportInput = z.input<typeof ZReportInput>;

const ZFigures = z.object({
  availableNights: z.number().int().meta({ description: 'Listed homes × nights in the range' }),
  bookedNights: z.number().int().meta({ description: 'Nights of pending and confirmed stays in the range' }),
  revenue: ZMoneyFigure.meta({
    description: "Each stay's total spread evenly over its nights, for the nights in the range (USD)",
  }),
  occupancy: z.number().meta({ description: 'bookedNights / availableNights' }),
  adr: ZMoneyFigure.meta({ description: 'Average daily rate: revenue / bookedNights' }),
  revpar: ZMoneyFigure.meta({ description: 'Revenue per available night: revenue / availableNights' }),
});
export type TReportFigures = z.infer<typeof ZFigures>;

/**
 * Where a stay came from: `direct` our website, the operator's own sources (phone, walk-in, an owner's
 * stay), and `imported` the events of other channels' calendars.
 */
export const REPORT_SOURCES = ['direct', 'phone', 'walk_in', 'owner', 'imported'] as const;
export type TReportSource = (typeof REPORT_SOURCES)[number];
export const REPORT_SOURCE_LABELS: Record<TReportSource, string> = {
  direct: 'Direct (website)',
  phone: 'Phone',
  walk_in: 'Walk-in',
  owner: "Owner's stay",
  imported: 'Imported calendars',
};

const ZBucket = z.object({ label: z.string(), bookings: z.number().int() });

export const ZReportSummary = z.object({
  from: z.string(),
  to: z.string(),
  nights: z.number().int(),
  homes: z.number().int().meta({ description: 'Listed homes counted' }),
  totals: ZFigures,
  byHome: z
    .array(ZFigures.extend({ propertyId: z.number().int(), title: z.string() }))
    .meta({ description: `The ${REPORT_HOMES_SHOWN} homes with the most revenue in the range` }),
  byMonth: z.array(z.object({ month: z.string(), bookedNights: z.number().int(), revenue: ZMoneyFigure })),
  leadTime: z
    .array(ZBucket)
    .meta({ description: 'Days from booking to check-in, of the stays arriving in the range' }),
  lengthOfStay: z.array(ZBucket).meta({ description: 'Nights per stay, of the stays arriving in the range' }),
  cancellations: z.object({
    arrivals: z.number().int().meta({ description: 'Stays (any status) arriving in the range' }),
    cancelled: z.number().int(),
    rate: z.number(),
    lostRevenue: ZMoney,
  }),
  sources: z
    .array(z.object({ source: z.enum(REPORT_SOURCES), stays: z.number().int(), nights: z.number().int() }))
    .meta({
      description:
        'Stays arriving in the range by where they came from: direct (the website), phone, walk_in and owner (entered by the operator), imported (other channels)',
    }),
  pace: z
    .object({
      asOf: z.string().meta({ description: 'The day the books are read (today, UTC)' }),
      lastYearAsOf: z.string().meta({ description: 'The same day a year earlier' }),
      lastYearData: z
        .boolean()
        .meta({ description: 'Whether any stay in scope had been booked by the same day last year' }),
      months: z.array(
        z.object({
          month: z.string(),
          nights: z.number().int().meta({ description: "This range's nights on the books now" }),
          revenue: ZMoneyFigure,
          lastYearNights: z
            .number()
            .int()
            .meta({ description: 'The same nights a year earlier, as they stood on the books a year ago' }),
          lastYearRevenue: ZMoneyFigure,
        }),
      ),
    })
    .meta({ description: 'Booking pace: on the books now against the same time last year, by stay month' }),
});
export type TReportSummary = z.infer<typeof ZReportSummary>;
