import { z } from 'zod';
import { ZDashboard } from '../../shared/schemas/admin.ts';
import { getDashboard } from '../services/admin/dashboard.ts';
import { adminProcedure, router } from '../trpc.ts';

export const adminRouter = router({
  dashboard: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/dashboard',
        tags: ['admin'],
        summary:
          'Dashboard counters (revenue = sum of totalPrice of bookings not cancelled) and the 5 newest bookings and properties',
      },
    })
    .input(z.void())
    .output(ZDashboard)
    .query(({ ctx }) => getDashboard(ctx.em)),
});
