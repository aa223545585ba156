import { z } from 'zod';
import { daysBetween } from '../dates.ts';
import { ZId, ZIsoDate, ZMoney, zLine } from './common.ts';
import { monthsBetween, PAY_REPORT_MONTHS_MAX, REPORT_SOURCES } from './report-terms.ts';

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

const money = (description: string) => z.number().meta({ description: `${description} (USD)` });

/** Occupancy, ADR and RevPAR by the industry's definitions (docs/reports.md). */
const ZFigures = z.object({
  availableNights: z.number().int().meta({
    description: "Listed homes × nights in the range, less blocked nights and owners' nights",
  }),
  bookedNights: z.number().int().meta({
    description: 'Nights sold: nights of pending and confirmed stays (not owners’) and of imported stays',
  }),
  importedNights: z.number().int().meta({
    description: "Of the nights sold, those of stays imported from other channels' calendars: no revenue",
  }),
  roomRevenue: money(
    'Room revenue: the nights less discounts, with extra-guest fees and price overrides, spread over the nights; no taxes or pass-through fees',
  ),
  occupancy: z.number().meta({ description: 'bookedNights / availableNights' }),
  adr: money(
    'Average daily rate: roomRevenue / the nights sold with a price (bookedNights − importedNights)',
  ),
  revpar: money('Revenue per available night: roomRevenue / availableNights'),
});
export type TReportFigures = z.infer<typeof ZFigures>;

export {
  monthsBetween,
  PAY_REPORT_MONTHS_MAX,
  REPORT_SOURCE_LABELS,
  REPORT_SOURCES,
  type TReportSource,
} from './report-terms.ts';

const ZBucket = z.object({ label: z.string(), bookings: z.number().int() });

/** What a range counts besides the figures: nights taken out of the available ones, other revenue, pass-through. */
const ZRangeExtras = z.object({
  blockedNights: z
    .number()
    .int()
    .meta({ description: 'Nights of listed homes closed by blocks (not available)' }),
  ownerNights: z.number().int().meta({
    description: "Nights of listed homes held by owners' stays and owner blocks (not available)",
  }),
  otherRevenue: money(
    'Cancellation fees kept (without their GST), of cancelled stays whose first night is in the range',
  ),
  fees: money('Cleaning and pet fees (pass-through), of stays whose first night is in the range'),
  gst: money('GST collected, of stays whose first night is in the range'),
  touristTax: money('Tourist tax collected, of stays whose first night is in the range'),
});

export const ZReportSummary = z.object({
  from: z.string(),
  to: z.string(),
  nights: z.number().int(),
  homes: z.number().int().meta({ description: 'Listed homes counted' }),
  totals: ZFigures.extend(ZRangeExtras.shape),
  byHome: z
    .array(ZFigures.extend({ propertyId: z.number().int(), title: z.string() }))
    .meta({ description: `The ${REPORT_HOMES_SHOWN} homes with the most room revenue in the range` }),
  byMonth: z.array(ZFigures.extend(ZRangeExtras.shape).extend({ month: z.string() })).meta({
    description: "Each month of the range, cut by the range's ends; the months add up to the totals",
  }),
  leadTime: z
    .array(ZBucket)
    .meta({ description: 'Days from booking to check-in, of the stays arriving in the range' }),
  lengthOfStay: z.array(ZBucket).meta({ description: 'Nights per stay, of the stays arriving in the range' }),
  cancellations: z.object({
    arrivals: z.number().int().meta({ description: 'Stays (any status) arriving in the range' }),
    cancelled: z.number().int(),
    rate: z.number(),
    lostRevenue: money('Room revenue the cancelled stays would have brought'),
  }),
  sources: z
    .array(
      z.object({
        source: z.enum(REPORT_SOURCES),
        stays: z.number().int(),
        nights: z.number().int(),
        roomRevenue: z.number().nullable().meta({
          description:
            "Room revenue of these stays (USD); null where there is none: imported stays carry no price, and an owner's stay is not a sale",
        }),
      }),
    )
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
          nights: z
            .number()
            .int()
            .meta({ description: "This range's nights of sold stays on the books now" }),
          roomRevenue: money('Their room revenue'),
          lastYearNights: z
            .number()
            .int()
            .meta({ description: 'The same nights a year earlier, as they stood on the books a year ago' }),
          lastYearRoomRevenue: money('Their room revenue'),
        }),
      ),
    })
    .meta({ description: 'Booking pace: on the books now against the same time last year, by stay month' }),
});
export type TReportSummary = z.infer<typeof ZReportSummary>;

/** Housekeepers' pay by month (docs/staff.md#housekeeping-pay): a cost, apart from every revenue figure. */

const ZMonth = zLine('Month').regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Month must be in yyyy-MM format' });

export const ZPayReportInput = z
  .object({
    from: ZMonth.meta({ description: 'First month (yyyy-MM), in each home’s time zone' }),
    to: ZMonth.meta({ description: 'Last month (yyyy-MM), included' }),
    propertyId: ZId.optional(),
  })
  .refine((v) => v.from <= v.to, { error: 'The first month must be on or before the last', path: ['to'] })
  .refine((v) => monthsBetween(v.from, v.to) <= PAY_REPORT_MONTHS_MAX, {
    error: `A report covers at most ${PAY_REPORT_MONTHS_MAX} months`,
    path: ['to'],
  });
export type TPayReportInput = z.input<typeof ZPayReportInput>;

export const ZPayReport = z.object({
  rows: z.array(
    z.object({
      month: z.string().meta({ description: 'yyyy-MM, in the home’s time zone at completion' }),
      housekeeperId: z.number().int(),
      name: z.string(),
      tasks: z.number().int(),
      amount: ZMoney,
    }),
  ),
  totals: z.array(
    z.object({ housekeeperId: z.number().int(), name: z.string(), tasks: z.number().int(), amount: ZMoney }),
  ),
});
export type TPayReport = z.output<typeof ZPayReport>;
