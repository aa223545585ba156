import { ZReportInput, ZReportSummary } from '#shared/schemas/reports.ts';
import { reportSummary } from '../services/reports/summary.ts';
import { adminProcedure, router, scopedInput } from '../trpc.ts';

/** The business reports (docs/staff.md#reports): the back office, limited to its homes. */
export const reportsRouter = router({
  summary: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        description:
          'The figures of the reports page: occupancy, average daily rate, revenue per available night, revenue by month, lead time, length of stay, cancellations, booking sources and pace.',
        path: '/admin/reports/summary',
        summary:
          'Occupancy, ADR and RevPAR, revenue by month, lead time, length of stay, cancellations, sources (direct, operator-entered, imported) and booking pace (on the books now against the same time last year) for a range (at most 3 years), per home and in total',
      },
    })
    .concat(scopedInput(ZReportInput, { propertyId: 'property' }))
    .output(ZReportSummary)
    .query(({ ctx, input }) => reportSummary(ctx.em, input, ctx.staff.homes)),
});
