import { accountRouter } from './routers/account.ts';
import { adminRouter } from './routers/admin.ts';
import { emailsAdminRouter } from './routers/emails-admin.ts';
import { authRouter } from './routers/auth.ts';
import { bookingsAdminRouter } from './routers/bookings-admin.ts';
import { bookingRequestsRouter } from './routers/booking-requests.ts';
import { bookingsRouter } from './routers/bookings.ts';
import { calendarRouter } from './routers/calendar.ts';
import { categoriesRouter } from './routers/categories.ts';
import { manageRouter } from './routers/manage.ts';
import { operatorBookingsRouter } from './routers/operator-bookings.ts';
import { messagingRouter } from './routers/messaging.ts';
import { paymentsRouter } from './routers/payments.ts';
import { configRouter } from './routers/config.ts';
import { contactRouter } from './routers/contact.ts';
import { pricingRouter } from './routers/pricing.ts';
import { propertiesRouter } from './routers/properties.ts';
import { reviewsRouter } from './routers/reviews.ts';
import { settingsRouter } from './routers/settings.ts';
import { staffRouter } from './routers/staff.ts';
import { tasksRouter } from './routers/tasks.ts';
import { reportsRouter } from './routers/reports.ts';
import { ownersRouter } from './routers/owners.ts';
import { wishlistRouter } from './routers/wishlist.ts';
import { createCallerFactory, mergeRouters, router } from './trpc.ts';

export const appRouter = router({
  admin: mergeRouters(adminRouter, emailsAdminRouter),
  auth: mergeRouters(authRouter, accountRouter),
  bookings: mergeRouters(
    bookingsRouter,
    bookingsAdminRouter,
    manageRouter,
    bookingRequestsRouter,
    operatorBookingsRouter,
  ),
  calendar: calendarRouter,
  config: configRouter,
  contact: contactRouter,
  messaging: messagingRouter,
  categories: categoriesRouter,
  pricing: pricingRouter,
  payments: paymentsRouter,
  properties: propertiesRouter,
  reviews: reviewsRouter,
  settings: settingsRouter,
  staff: staffRouter,
  tasks: tasksRouter,
  reports: reportsRouter,
  owners: ownersRouter,
  wishlist: wishlistRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
