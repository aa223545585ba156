import { adminRouter } from './routers/admin.ts';
import { authRouter } from './routers/auth.ts';
import { bookingsAdminRouter } from './routers/bookings-admin.ts';
import { bookingsRouter } from './routers/bookings.ts';
import { calendarRouter } from './routers/calendar.ts';
import { categoriesRouter } from './routers/categories.ts';
import { configRouter } from './routers/config.ts';
import { propertiesRouter } from './routers/properties.ts';
import { reviewsRouter } from './routers/reviews.ts';
import { settingsRouter } from './routers/settings.ts';
import { createCallerFactory, mergeRouters, router } from './trpc.ts';

export const appRouter = router({
  admin: adminRouter,
  auth: authRouter,
  bookings: mergeRouters(bookingsRouter, bookingsAdminRouter),
  calendar: calendarRouter,
  config: configRouter,
  categories: categoriesRouter,
  properties: propertiesRouter,
  reviews: reviewsRouter,
  settings: settingsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
