import { accountRouter } from './routers/account.ts';
import { adminRouter } from './routers/admin.ts';
import { emailsAdminRouter } from './routers/emails-admin.ts';
import { authRouter } from './routers/auth.ts';
import { bookingsAdminRouter } from './routers/bookings-admin.ts';
import { bookingRequestsRouter } from './routers/booking-requests.ts';
import { bookingsRouter } from './routers/bookings.ts';
import { calendarRouter } from './routers/calendar.ts';
import { categoriesRouter } from './routers/categories.ts';
import { checkInRouter } from './routers/check-in.ts';
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
  checkIn: checkInRouter,
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

/**
 * The REST document's tags: one per key of appRouter, which is each operation's tag
 * (docs/rest-contract.md#tags). A key without a description here fails the typecheck.
 */
export const API_TAGS = {
  admin: 'The back office dashboard, the audit trail, accounts and the e-mail outbox.',
  auth: 'Signing in and out, registering, and the signed-in account: profile, password, deletion.',
  bookings:
    'Booking a stay and managing it: by a guest (signed in, or by the private manage link) and by the back office (status, changes, requests, notes, export).',
  calendar:
    "Each home's calendar in the back office: blocked nights, seasonal rates, the multi-home timeline and iCal import and export.",
  checkIn:
    "Online check-in: each home's settings (ID photo, rental agreement, door codes), the guest's check-in by the manage link, the signed agreement's PDF and the ID photo for the operator.",
  config: 'The public settings the site needs before anyone signs in.',
  contact: 'The Contact Us form.',
  messaging:
    "Conversations between guests and the operator, questions before booking, automated-message templates and each home's arrival guide.",
  categories: 'The categories a home can carry, shown on the home page.',
  pricing: "A home's fees, discounts, tourist tax and check-in rules.",
  payments:
    'Payment schedules, the ledger of payments, refunds and adjustments, card payment through Stripe and its webhook.',
  properties: 'Homes: the public listings and search, and their management in the back office.',
  reviews: "Reviews of homes: a home's public reviews and their management in the back office.",
  settings: "The owner-operator's site settings and the e-mail service status.",
  staff: 'The team: staff roles and their homes, and invitations to join.',
  tasks: 'Turnover tasks between stays, and the housekeeper of each home.',
  reports: 'Performance reports: occupancy, rates, revenue and booking pace.',
  owners: 'Home owners: their statements, the expenses on their homes and the payouts made to them.',
  wishlist: "The signed-in guest's saved homes.",
} satisfies Record<keyof AppRouter['_def']['record'], string>;
