import { rest } from '../route-meta.ts';

/**
 * The REST routes of the procedures of `reports.ts`, keyed as they are: method, path, and the words of the
 * OpenAPI document (docs/rest-contract.md#words).
 */
export const routes = {
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
