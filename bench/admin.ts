/**
 * The admin back office's figures (docs/features.md#admin-back-office), called from bench/run.ts on its 100,000 homes and 200,000
 * bookings: each admin table page query (bookings with search/filters/sorts, guests, activity) and the
 * dashboard, timed at the database through the services (p95 ≤ 50 ms each); the reports page for a year on
 * every home, whole and query by query, and one owner's month statement (p95 ≤ 200 ms each); the first
 * data of the dashboard, payments and inbox pages (p95 ≤ 300 ms each).
 *
 * `node bench/admin.ts` runs this module alone on its own fresh embedded PostgreSQL and generated data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { ormConfig } from '../mikro-orm.config.ts';
import { migrate } from '../src/server/db/database.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { listActivityPage } from '../src/server/services/activity/activity.ts';
import { listAdminBookings } from '../src/server/services/admin/bookings.ts';
import { getDashboard } from '../src/server/services/admin/dashboard.ts';
import { listUsers } from '../src/server/services/admin/users.ts';
import { listAdminProperties } from '../src/server/services/properties/admin-list.ts';
import { listAdminReviews } from '../src/server/services/reviews/queries.ts';
import { ownerStatement } from '../src/server/services/owners/monthly-statement.ts';
import { reportSummary } from '../src/server/services/reports/summary.ts';
import { inbox, unreadCount } from '../src/server/services/messaging/inbox.ts';
import { adminPayments } from '../src/server/services/payments/admin-list.ts';
import { INBOX_FILTERS } from '../src/shared/constants.ts';
import { ZInboxInput } from '../src/shared/schemas/messaging.ts';
import { PAYMENT_LIST_VIEWS, ZAdminPaymentsInput } from '../src/shared/schemas/payments.ts';
import { arrivalsProfile } from '../src/server/repositories/reports.ts';
import { otherNightsByMonth, revenueByHome, revenueMonths } from '../src/server/repositories/revenue.ts';
import { REPORT_HOMES_SHOWN, ZReportInput } from '../src/shared/schemas/reports.ts';
import {
  ZAdminListingListInput,
  ZAdminReviewListInput,
  type TAdminListingListInput,
  type TAdminReviewListInput,
} from '../src/shared/schemas/admin-tables.ts';
import { addDays, todayIso } from '../src/shared/dates.ts';
import { ZActivityListInput } from '../src/shared/schemas/activity.ts';
import { ZAdminBookingListInput, type TAdminBookingListInput } from '../src/shared/schemas/admin.ts';
import { ZAdminUserListInput } from '../src/shared/schemas/admin-users.ts';

/**
 * The bench's generated stays, shared by bench/run.ts and the standalone run here: `perHome` stays per
 * home, 40 days apart, between 30 days ago and 220 days ahead, in turn pending, confirmed and cancelled;
 * $100 a night with 17 % GST, in cents as the snapshot keeps every amount.
 */
export async function insertBenchBookings(
  execute: (sql: string) => Promise<unknown>,
  properties: number,
  perHome: number,
): Promise<void> {
  await execute(`
    insert into bookings (property_id, user_id, check_in, check_out, guests, total_price, status, contact_info,
                          nightly_price, nights, tax_rate, tax_amount, confirmation_number)
    select p, null, current_date + (p % 200) - 30 + k * 40, current_date + (p % 200) - 30 + k * 40 + 1 + p % 7, 2,
           (1 + p % 7) * 11700, (array['pending','confirmed','cancelled'])[1 + (p + k) % 3],
           jsonb_build_object('name', 'Guest ' || p, 'email', 'guest' || p || '@example.com', 'phone', '+1 555 0100', 'country', 'US'),
           10000, 1 + p % 7, 17, (1 + p % 7) * 1700, 'BIC' || (100000 + (p - 1) * ${perHome} + k)
      from generate_series(1, ${properties}) p, generate_series(0, ${perHome - 1}) k`);
}

export interface TAdminBenchContext {
  em: () => EntityManager;
  properties: number;
  /** The accounts, activity and bookings' sources are already in the database (a reused standalone run). */
  generated?: boolean;
  /** Time only the reports page and the owner statement. */
  reportsOnly?: boolean;
  /** Time only the dashboard, payments and inbox (benchHeavyPages). */
  heavyOnly?: boolean;
  row: (figure: string, value: string, target?: string, ok?: boolean | null) => void;
  log: (msg: string) => void;
  results: Record<string, unknown>;
}

const TARGET_MS = 50;
const REPORT_TARGET_MS = 200;
const HEAVY_PAGE_TARGET_MS = 300;
const RUNS = 60;
/** The heavy pages' queries take up to a few hundred ms: fewer runs keep the section to a minute or two. */
const HEAVY_RUNS = 20;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function timeIt(fn: (i: number) => Promise<unknown>, runs = RUNS): Promise<number[]> {
  for (let i = 0; i < 5; i++) await fn(i);
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

/** 20,000 accounts (a share of them owning bookings) and 100,000 activity rows, as a busy year would leave. */
export async function generateAdminData(em: EntityManager, properties: number): Promise<void> {
  await em.execute(`
    insert into users (username, password, email, name, created_at)
    select 'guest' || g, 'x', 'guest' || g || '@bench.example.com', 'Bench Guest ' || g, now() - (g || ' minutes')::interval
      from generate_series(1, 20000) g`);
  await em.execute(`
    update bookings b set user_id = u.id
      from users u where u.username = 'guest' || (1 + b.id % 20000) and b.id % 4 = 0`);
  await em.execute(`
    insert into activity_log (actor_id, actor_name, action, entity_type, entity_id, changes, created_at)
    select null, 'admin', (array['booking.status','property.update','review.update','settings.update'])[1 + g % 4],
           (array['booking','property','review','settings'])[1 + g % 4], (1 + g % ${properties})::text,
           jsonb_build_object('status', jsonb_build_object('before', 'pending', 'after', 'confirmed')),
           now() - (g || ' seconds')::interval
      from generate_series(1, 100000) g`);
  // Two reviews per home, written over the last year, every rating present.
  await em.execute(`
    insert into reviews (property_id, user_id, rating, comment, user_name, date)
    select 1 + g % ${properties}, null, 1 + (g * 7) % 5, 'A generated review.', 'Reviewer ' || g,
           now() - ((g % 525600) || ' minutes')::interval
      from generate_series(1, ${2 * properties}) g`);
  // The bookings came from every channel and were made over the past year, as the reports' sources and
  // booking pace expect of a live database; every 20th home belongs to one of 50 owners.
  await em.execute(`
    update bookings set source = (array['website','website','website','phone','walk_in','owner'])[1 + id % 6],
                        created_at = now() - ((id * 7919) % 360 || ' days')::interval`);
  await em.execute(`
    insert into users (username, password, email, name, staff_role)
    select 'owner' || g, 'x', 'owner' || g || '@bench.example.com', 'Bench Owner ' || g, 'owner'
      from generate_series(1, 50) g`);
  await em.execute(`
    insert into home_owners (property_id, user_id, commission_percent)
    select p, (select id from users where username = 'owner' || (1 + (p / 20) % 50)), 20
      from generate_series(20, ${properties}, 20) p`);
  // Money taken as a year leaves it: the deposit of two in three confirmed stays, the rest of every other
  // one, and a refund on one cancelled stay in four (the ledger_lines table).
  await em.execute(`
    insert into ledger_lines (booking_id, kind, method, amount, currency, occurred_at, recorded_by_name)
    select b.id, 'payment', (array['card','bank_transfer','cash'])[1 + b.id % 3], greatest(1, b.total_price / 3), 'USD',
           b.created_at + interval '1 hour', 'Bench'
      from bookings b where b.status = 'confirmed' and b.id % 3 <> 0
    union all
    select b.id, 'payment', 'card', b.total_price - greatest(1, b.total_price / 3), 'USD', b.created_at + interval '2 days', 'Bench'
      from bookings b where b.status = 'confirmed' and b.id % 3 = 1
    union all
    select b.id, 'refund', 'card', greatest(1, b.total_price / 4), 'USD', b.created_at + interval '3 days', 'Bench'
      from bookings b where b.status = 'cancelled' and b.id % 4 = 0`);
  // A conversation on every other booking and a question on one home in ten, three messages each; the
  // guest's last word unread in one in five.
  await em.execute(`
    insert into conversations (booking_id, property_id, guest_name, guest_email, created_at, last_message_at)
    select b.id, b.property_id, b.contact_info->>'name', b.contact_info->>'email', b.created_at,
           b.created_at + ((b.id % 72) || ' hours')::interval
      from bookings b where b.id % 2 = 0
    union all
    select null, p, 'Asker ' || p, 'asker' || p || '@example.com', now() - ((p % 300) || ' days')::interval,
           now() - ((p % 300) || ' days')::interval + interval '1 hour'
      from generate_series(10, ${properties}, 10) p`);
  await em.execute(`
    insert into messages (conversation_id, sender, author_name, body, created_at, read_at)
    select c.id, (array['guest','operator','guest'])[k], 'Bench', 'A generated message about the stay.',
           c.last_message_at - ((3 - k) || ' hours')::interval,
           case when k = 3 and c.id % 5 = 0 then null else c.last_message_at end
      from conversations c, generate_series(1, 3) k`);
  // A live database's autovacuum has long set the visibility map of rows this old, so counts can read their
  // index alone; a table loaded a moment ago has none yet, and autovacuum has not come round.
  await em.execute('vacuum analyze');
}

export async function benchAdmin(ctx: TAdminBenchContext): Promise<void> {
  if (!ctx.generated) {
    ctx.log('admin: generating accounts and activity');
    await generateAdminData(ctx.em(), ctx.properties);
  }
  if (ctx.heavyOnly) return benchHeavyPages(ctx);
  if (!ctx.reportsOnly) await benchTables(ctx);
  await benchReports(ctx);
}

async function benchTables(ctx: TAdminBenchContext): Promise<void> {
  const soon = addDays(todayIso(), 10);
  const bookingPages: [string, TAdminBookingListInput | ((i: number) => TAdminBookingListInput)][] = [
    ['bookings page 1, newest first', {}],
    ['bookings page 40, newest first', { page: 40 }],
    ['bookings, status pending', { status: 'pending' }],
    ['bookings, search by BIC', (i) => ({ q: `BIC${100000 + ((i * 7919) % 200000)}` })],
    ['bookings, search by guest name', (i) => ({ q: `guest ${1 + ((i * 104729) % ctx.properties)}` })],
    ['bookings, search by e-mail', (i) => ({ q: `guest${1 + ((i * 104729) % ctx.properties)}@example.com` })],
    ['bookings, one property', (i) => ({ propertyId: 1 + ((i * 7919) % ctx.properties) })],
    ['bookings, stay dates (a week)', { from: soon, to: addDays(soon, 6) }],
    ['bookings, sort by check-in ascending', { sort: 'checkIn', dir: 'asc' }],
    ['bookings, sort by total, pending', { sort: 'total', dir: 'desc', status: 'pending' }],
  ];
  const figures: Record<string, { p50: number; p95: number }> = {};
  const record = (name: string, times: number[]) => {
    const p95 = pct(times, 95);
    figures[name] = { p50: pct(times, 50), p95 };
    ctx.row(`admin DB p95: ${name}`, ms(p95), `≤ ${TARGET_MS} ms`, p95 <= TARGET_MS);
  };
  for (const [name, input] of bookingPages) {
    ctx.log(`admin: ${name}`);
    record(
      name,
      await timeIt((i) =>
        listAdminBookings(
          ctx.em(),
          ZAdminBookingListInput.parse(typeof input === 'function' ? input(i) : input),
        ),
      ),
    );
  }
  ctx.log('admin: guests');
  record('guests page 1', await timeIt(() => listUsers(ctx.em(), ZAdminUserListInput.parse({}))));
  record(
    'guests, search',
    await timeIt((i) =>
      listUsers(ctx.em(), ZAdminUserListInput.parse({ q: `guest${1 + ((i * 31) % 20000)}@` })),
    ),
  );
  ctx.log('admin: activity');
  record('activity page 1', await timeIt(() => listActivityPage(ctx.em(), ZActivityListInput.parse({}))));
  record(
    'activity, bookings only, page 10',
    await timeIt(() =>
      listActivityPage(ctx.em(), ZActivityListInput.parse({ entityType: 'booking', page: 10 })),
    ),
  );
  const listingPages: [string, TAdminListingListInput | ((i: number) => TAdminListingListInput)][] = [
    ['listings page 1', {}],
    ['listings page 40, sorted by price descending', { page: 40, sort: 'price', dir: 'desc' }],
    ['listings, search by title', (i) => ({ q: `home ${1 + ((i * 7919) % ctx.properties)}` })],
    ['listings, search by location, sorted by title', { q: 'paris', sort: 'title' }],
    ['listings, type and category', { type: 'cabin', category: 'beach' }],
    ['listings, city, sorted by max guests', { city: 'Tokyo', sort: 'maxGuests', dir: 'desc' }],
    ['listings, archived', { status: 'archived' }],
  ];
  for (const [name, input] of listingPages) {
    ctx.log(`admin: ${name}`);
    record(
      name,
      await timeIt((i) =>
        listAdminProperties(
          ctx.em(),
          ZAdminListingListInput.parse(typeof input === 'function' ? input(i) : input),
        ),
      ),
    );
  }
  const reviewPages: [string, TAdminReviewListInput | ((i: number) => TAdminReviewListInput)][] = [
    ['reviews page 1 (all homes)', {}],
    ['reviews, rating 2, page 20', { rating: 2, page: 20 }],
    ['reviews, one home', (i) => ({ propertyId: 1 + ((i * 7919) % ctx.properties) })],
    ['reviews, reviewer name', (i) => ({ q: `reviewer ${1 + ((i * 104729) % (2 * ctx.properties))}` })],
  ];
  for (const [name, input] of reviewPages) {
    ctx.log(`admin: ${name}`);
    record(
      name,
      await timeIt((i) =>
        listAdminReviews(
          ctx.em(),
          ZAdminReviewListInput.parse(typeof input === 'function' ? input(i) : input),
        ),
      ),
    );
  }
  ctx.log('admin: dashboard');
  record('dashboard (all figures)', await timeIt(() => getDashboard(ctx.em())));
  ctx.results.admin = figures;
  await benchHeavyPages(ctx);
}

/**
 * The first data of the back office's heavy pages besides the reports (p95 ≤ 300 ms each at 100,000
 * homes): the dashboard as a whole, each payments view with its totals, and the inbox under each filter
 * with the sidebar's unread count, every home in scope as for the operator.
 */
async function benchHeavyPages(ctx: TAdminBenchContext): Promise<void> {
  const figures: Record<string, { p50: number; p95: number }> = {};
  const record = (name: string, times: number[]) => {
    const p95 = pct(times, 95);
    figures[name] = { p50: pct(times, 50), p95 };
    ctx.row(
      `heavy page DB p95: ${name}`,
      `p50 ${ms(pct(times, 50))} · p95 ${ms(p95)}`,
      `≤ ${HEAVY_PAGE_TARGET_MS} ms`,
      p95 <= HEAVY_PAGE_TARGET_MS,
    );
  };
  ctx.log('admin: payments views and the inbox');
  const time = (name: string, fn: () => Promise<unknown>) =>
    timeIt(fn, HEAVY_RUNS).then((t) => record(name, t));
  await time('dashboard', () => getDashboard(ctx.em()));
  for (const view of PAYMENT_LIST_VIEWS)
    await time(`payments, ${view}`, () => adminPayments(ctx.em(), ZAdminPaymentsInput.parse({ view })));
  await time('payments, received, page 20', () =>
    adminPayments(ctx.em(), ZAdminPaymentsInput.parse({ view: 'received', page: 20 })),
  );
  for (const filter of INBOX_FILTERS)
    await time(`inbox, ${filter}`, () => inbox(ctx.em(), ZInboxInput.parse({ filter })));
  await time('inbox, all, page 50', () => inbox(ctx.em(), ZInboxInput.parse({ page: 50 })));
  await time('inbox unread count', () => unreadCount(ctx.em()));
  ctx.results.heavyPages = figures;
}

async function benchReports(ctx: TAdminBenchContext): Promise<void> {
  ctx.log('admin: reports for a year on every home, and an owner statement');
  const reportFigures: Record<string, { p50: number; p95: number }> = {};
  const recordReport = (name: string, times: number[]) => {
    const p95 = pct(times, 95);
    reportFigures[name] = { p50: pct(times, 50), p95 };
    ctx.row(
      `reports DB p95: ${name}`,
      `p50 ${ms(pct(times, 50))} · p95 ${ms(p95)}`,
      `≤ ${REPORT_TARGET_MS} ms`,
      p95 <= REPORT_TARGET_MS,
    );
  };
  // The year from a month ago, which holds every generated stay.
  const input = ZReportInput.parse({ from: addDays(todayIso(), -30), to: addDays(todayIso(), 334) });
  const scope = { from: input.from, to: input.to, homes: null };
  const now = new Date();
  recordReport(
    'reports page, a year, all homes (every query)',
    await timeIt(() => reportSummary(ctx.em(), input, null, now)),
  );
  recordReport(
    `  nights and room revenue by home (the ${REPORT_HOMES_SHOWN} with the most)`,
    await timeIt(() => revenueByHome(ctx.em(), scope, REPORT_HOMES_SHOWN)),
  );
  recordReport(
    '  nights and revenue by month, and the pace against last year',
    await timeIt(() => revenueMonths(ctx.em(), scope, now)),
  );
  recordReport(
    '  imported, blocked and owner nights by month',
    await timeIt(() => otherNightsByMonth(ctx.em(), scope)),
  );
  recordReport(
    '  lead time, length of stay, cancellations and sources',
    await timeIt(() => arrivalsProfile(ctx.em(), scope)),
  );
  const owners = await ctx
    .em()
    .execute<{ id: number }[]>(
      `select id from users where staff_role = 'owner' and username like 'owner%' order by id`,
    );
  const month = todayIso().slice(0, 7);
  recordReport(
    `owner statement, one owner-month (${Math.floor(ctx.properties / 20 / 50)} homes each)`,
    await timeIt((i) =>
      ownerStatement(
        ctx.em(),
        { id: owners[i % owners.length]!.id, month },
        { role: 'owner-operator', homes: null },
        0,
      ),
    ),
  );
  ctx.results.reports = reportFigures;
}

const CITIES = `array['Miami, Florida','New York, New York','Los Angeles, California','London, United Kingdom','Paris, France','Tokyo, Japan','Aspen, Colorado','Sedona, Arizona','Austin, Texas','Sydney, Australia','Dubai, United Arab Emirates','Islamabad, Pakistan']`;
const CATS = `array['Beach','Mountain','City','Countryside','Lakefront','Cabin','Tiny home','Villa','Apartment','Design','OMG!']`;

/**
 * Standalone: `node bench/admin.ts` (BENCH_PROPERTIES to change the size). BENCH_REUSE=1 keeps the data
 * a previous standalone run of the same size generated (migrating it to the current schema) instead of
 * generating it again; BENCH_REPORTS_ONLY=1 times only the reports and the owner statement, and
 * BENCH_HEAVY_ONLY=1 only the dashboard, payments and inbox.
 */
async function standalone(): Promise<void> {
  const properties = Number(process.env.BENCH_PROPERTIES ?? 100_000);
  const work = path.resolve('bench/.work/admin');
  // Written once the data is complete, so a run stopped while generating is not reused.
  const marker = path.join(work, 'generated');
  const reuse =
    process.env.BENCH_REUSE === '1' &&
    fs.existsSync(marker) &&
    fs.readFileSync(marker, 'utf8').trim() === String(properties);
  if (!reuse) {
    fs.rmSync(work, { recursive: true, force: true });
    fs.mkdirSync(work, { recursive: true });
    fs.chmodSync(work, 0o755);
  }
  const started = Date.now();
  const log = (msg: string) =>
    console.error(`[bench admin ${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}`);
  // Room in the lock table for one insert of every home's bookings (see bench/run.ts).
  const pgServer = await startEmbeddedPostgres({
    dataDir: path.join(work, 'data'),
    database: 'stayhub',
    settings: { max_locks_per_transaction: '2048' },
  });
  const orm = await MikroORM.init(ormConfig(pgServer.url, { pool: { min: 0, max: 4 } }));
  const rows: string[] = [];
  try {
    await migrate(orm, pgServer.url);
    const em = orm.em.fork();
    if (reuse) {
      log(`reusing the ${properties.toLocaleString()} homes generated before`);
      // A migration since may have rewritten tables; a live database's autovacuum would have come round.
      await em.execute('vacuum analyze');
    } else {
      await generateHomes(em, properties, log);
      log('admin: generating accounts and activity');
      await generateAdminData(em, properties);
      fs.writeFileSync(marker, String(properties));
    }
    await benchAdmin({
      em: () => orm.em.fork(),
      properties,
      generated: true,
      reportsOnly: process.env.BENCH_REPORTS_ONLY === '1',
      heavyOnly: process.env.BENCH_HEAVY_ONLY === '1',
      row: (figure, value, target = '', ok = null) =>
        rows.push(
          `${ok === null ? ' ' : ok ? '✓' : '✗'} ${figure.padEnd(52)} ${value.padStart(10)}  ${target}`,
        ),
      log,
      results: {},
    });
    console.log(rows.join('\n'));
  } finally {
    await orm.close(true);
    await pgServer.stop();
  }
}

/** The homes and bookings bench/run.ts generates. */
async function generateHomes(
  em: EntityManager,
  properties: number,
  log: (msg: string) => void,
): Promise<void> {
  log(`generating ${properties.toLocaleString()} homes and ${(2 * properties).toLocaleString()} bookings`);
  await em.execute(`
      insert into properties (title, description, location, price, images, videos, bedrooms, bathrooms, max_guests,
                              amenities, categories, category_keys, property_type)
      select 'Bench home ' || g, 'A generated listing.', (${CITIES})[1 + g % 12], (40 + (g * 37) % 900) * 100,
             array['/media/x.jpg'], '{}', 1 + g % 6, 1 + g % 4, (array[1,2,3,4,5,6,8,10,12,16])[1 + g % 10], array['Wifi'],
             array[(${CATS})[1 + (g * 7) % 11]], array[lower((${CATS})[1 + (g * 7) % 11])],
             (array['apartment','house','cabin','villa'])[1 + g % 4]
        from generate_series(1, ${properties}) g`);
  await insertBenchBookings((text) => em.execute(text), properties, 2);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('bench/admin.ts')) {
  await standalone();
}
