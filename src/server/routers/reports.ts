import { ZPayReport, ZPayReportInput, ZReportInput, ZReportSummary } from '#shared/schemas/reports.ts';
import { payReport } from '../services/housekeeping/pay.ts';
import { reportSummary } from '../services/reports/summary.ts';
import { adminProcedure, router, scopedInput } from '../trpc.ts';
import { routes } from './reports.rest.ts';

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
