import { ZPayReport, ZPayReportInput, ZReportInput, ZReportSummary } from '#shared/schemas/reports.ts';
import { payReport } from '../services/housekeeping/pay.ts';
import { reportSummary } from '../services/reports/summary.ts';
import { adminProcedure, router, scopedInput } from '../trpc.ts';
import { rest } from '../route-meta.ts';

/** The REST route of each procedure below: its method, path and the words of the OpenAPI document. */
const routes = {
  summary: rest.get(
    '/admin/reports/summary',
    'Occupancy, ADR and RevPAR, revenue by month, lead time, length of stay, cancellations, sources (direct, operator-entered, imported) and booking pace (on the books now against the same time last year) for a range (at most 3 years), per home and in total',
    'The figures of the reports page: occupancy, average daily rate, revenue per available night, revenue by month, lead time, length of stay, cancellations, booking sources and pace.',
  ),
  housekeepingPay: rest.get(
    '/admin/reports/housekeeping-pay',
    "Housekeepers' pay by month (in each home's time zone): tasks done and the pay they recorded, per housekeeper (at most 36 months)",
    'A cost, not revenue: for each month and housekeeper, the turnovers they completed and the pay each recorded when it was marked done.',
  ),
};

/** The business reports (docs/staff.md#reports): the back office, limited to its homes. */
export const reportsRouter = router({
  summary: adminProcedure
    .meta(routes.summary)
    .concat(scopedInput(ZReportInput, { propertyId: 'property' }))
    .output(ZReportSummary)
    .query(({ ctx, input }) => reportSummary(ctx.em, input, ctx.staff.homes)),

  housekeepingPay: adminProcedure
    .meta(routes.housekeepingPay)
    .concat(scopedInput(ZPayReportInput, { propertyId: 'property' }))
    .output(ZPayReport)
    .query(({ ctx, input }) => payReport(ctx.em, input, ctx.staff.homes)),
});
