import { fileRoute, type TCreateContext } from './file-route.ts';

/**
 * `GET /api/bookings/export.csv`: the admin's filtered bookings as a download, behind the same procedure as
 * `GET /api/bookings/export` (same guard, input rules and errors); the CSV goes out as a file instead of JSON.
 */
export const bookingsCsvHandler = (createContext: TCreateContext) =>
  fileRoute(createContext, 'bookings export', async (caller, _ctx, req) => {
    const out = await caller.bookings.export(req.query);
    return { body: out.csv, type: 'text/csv; charset=utf-8', filename: out.filename };
  });
