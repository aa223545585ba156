/**
 * Makes the upgrade test's starting point (docs/upgrades.md): the database of a released commit, seeded by
 * that commit's own code, dumped as SQL.
 *
 *   npm run fixture:release -- [commit]     (default: the last release, fc329a6)
 *
 * It checks the commit out beside the repository (a detached git worktree under the system's temp folder),
 * starts a throwaway PostgreSQL 15 cluster from Debian's server package (its pg_dump can read it; the
 * embedded PostgreSQL ships no pg_dump), runs the release's `scripts/db.ts seed` with the demo content,
 * adds the kinds of rows the demo lacks (staff, ledger lines, messages) through SQL of that release's
 * schema, and writes `tests/fixtures/release-<commit>.sql.gz`. Run it once per release; commit the dump.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort } from '../src/server/db/embedded-postgres.ts';

const commit = process.argv[2] ?? 'fc329a6';
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const repo = process.cwd();
const out = path.join(repo, 'tests', 'fixtures', `release-${commit}.sql.gz`);

for (const bin of ['initdb', 'pg_ctl', 'pg_dump', 'psql']) {
  if (!fs.existsSync(path.join(pgBin, bin))) {
    console.error(`${path.join(pgBin, bin)} is missing: apt-get install postgresql-15 (or set PG_BIN)`);
    process.exit(2);
  }
}

/**
 * What the demo lacks, in the release's own schema: a home with every price rule, a booking with its whole
 * price snapshot (nights at two prices, a discount, fees, GST, tourist tax), payments, a refund on a kept
 * cancellation fee, staff, an owner, a conversation, blocks and an imported stay.
 */
const RELEASE_EXTRAS = `
begin;
update properties set price = 200 where id = 2;
insert into property_pricing (property_id, cleaning_fee, extra_guest_fee, extra_guests_above, pet_fee, pets_allowed,
  weekly_discount, last_minute_discount, last_minute_days, tourist_tax_per_person)
values (2, 60, 15, 2, 25, true, 10, 15, 7, 3);
insert into property_rates (property_id, kind, start_date, end_date, amount)
values (2, 'season', '2027-07-01', '2027-09-01', 310), (2, 'weekend', null, null, 260);
insert into calendar_blocks (property_id, start_date, end_date, reason, note)
values (2, '2027-03-01', '2027-03-05', 'owner', 'Owner stay'), (2, '2027-03-10', '2027-03-12', 'maintenance', 'Boiler');
insert into bookings (property_id, check_in, check_out, guests, children, infants, pets, total_price, status,
  contact_info, nightly_price, nights, tax_rate, tax_amount, night_prices, price_lines, confirmation_number, created_at, source)
values (2, '2027-05-06', '2027-05-13', 4, 1, 1, 1, 2030, 'confirmed',
  '{"name": "Ana Lima", "email": "ana@stayhub.example", "phone": "+351 21 555 0101", "country": "Portugal"}',
  217, 7, 17, 283, '{200,260,260,200,200,200,200}',
  '[{"kind": "weeklyDiscount", "label": "Weekly discount (10%)", "amount": -152},
    {"kind": "cleaningFee", "label": "Cleaning fee", "amount": 60},
    {"kind": "extraGuestFee", "label": "Extra guest fee (2 guests × 7 nights)", "amount": 210},
    {"kind": "petFee", "label": "Pet fee", "amount": 25},
    {"kind": "gst", "label": "GST (17%)", "amount": 283},
    {"kind": "touristTax", "label": "Tourist tax (4 guests × 7 nights)", "amount": 84}]',
  'BIC900001', '2026-12-01 10:00:00+00', 'website');
insert into ledger_lines (booking_id, kind, method, amount, currency, reference, occurred_at, recorded_by_name, dedupe_key)
select id, 'payment', 'card', 60900, 'USD', 'pi_release_deposit', '2026-12-01 10:05:00+00', 'Stripe', 'release-1'
from bookings where confirmation_number = 'BIC900001';
insert into ledger_lines (booking_id, kind, method, amount, currency, reference, occurred_at, recorded_by_name, dedupe_key)
select id, 'payment', 'bank_transfer', total_price * 100, 'USD', 'Transfer 4471', '2026-11-20 09:00:00+00', 'admin', 'release-2'
from bookings where id = 1;
update bookings set cancellation_fee = 145 where id = 2;
insert into ledger_lines (booking_id, kind, method, amount, currency, reference, reason, occurred_at, recorded_by_name, dedupe_key)
values (2, 'payment', 'card', 101800, 'USD', 'pi_release_cancelled', null, '2026-11-28 19:10:00+00', 'Stripe', 'release-3'),
       (2, 'refund', 'card', 87300, 'USD', 're_release_cancelled', 'Cancellation refund', '2026-11-29 08:00:00+00', 'Stripe', 'release-4');
insert into users (username, password, email, name, staff_role)
select 'maria.manager', password, 'maria@stayhub.example', 'Maria Manager', 'manager' from users where username = 'admin'
union all
select 'kai.clean', password, 'kai@stayhub.example', 'Kai Housekeeper', 'housekeeper' from users where username = 'admin'
union all
select 'olga.owner', password, 'olga@stayhub.example', 'Olga Owner', 'owner' from users where username = 'admin';
insert into staff_homes (user_id, property_id)
select id, 2 from users where username in ('maria.manager', 'kai.clean')
union all select id, 3 from users where username = 'maria.manager';
insert into home_owners (property_id, user_id, commission_percent)
select 2, id, 20 from users where username = 'olga.owner';
insert into conversations (booking_id, property_id, guest_name, guest_email, last_message_at)
select id, 2, 'Ana Lima', 'ana@stayhub.example', '2026-12-01 12:00:00+00' from bookings where confirmation_number = 'BIC900001';
insert into messages (conversation_id, sender, author_name, body, created_at, read_at)
select c.id, m.sender, m.author, m.body, m.at, m.at
from conversations c, (values
  ('guest', 'Ana Lima', 'Can we bring our dog?', timestamptz '2026-12-01 11:00:00+00'),
  ('operator', 'StayHub', 'Of course, the pet fee is on your booking.', timestamptz '2026-12-01 12:00:00+00')
) as m(sender, author, body, at)
where c.guest_email = 'ana@stayhub.example';
insert into ical_feeds (property_id, name, url) values (2, 'Airbnb', 'https://www.airbnb.example/calendar/ical/1.ics');
insert into external_events (feed_id, property_id, uid, start_date, end_date, summary)
select id, 2, 'airbnb-release-1@airbnb.example', '2027-06-01', '2027-06-05', 'Reserved' from ical_feeds where property_id = 2;
commit;
`;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-release-'));
fs.chmodSync(work, 0o755);
const checkout = path.join(work, 'release');
const pgdata = path.join(work, 'pg');
const port = await freePort();
const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool as the `postgres` user when we are root (the server refuses to run as root). */
function pgTool(bin: string, args: string[]): string {
  const cmd = asRoot
    ? ['runuser', '-u', 'postgres', '--', path.join(pgBin, bin), ...args]
    : [path.join(pgBin, bin), ...args];
  return execFileSync(cmd[0] as string, cmd.slice(1), { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

function psql(sql: string): string {
  return pgTool('psql', [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    '-d',
    'stayhub',
    '-v',
    'ON_ERROR_STOP=1',
    '-qAt',
    '-c',
    sql,
  ]);
}

let started = false;
try {
  execFileSync('git', ['worktree', 'add', '--detach', checkout, commit], { stdio: 'inherit' });
  const sameLock =
    fs.readFileSync(path.join(repo, 'package-lock.json'), 'utf8') ===
    fs.readFileSync(path.join(checkout, 'package-lock.json'), 'utf8');
  if (sameLock) fs.symlinkSync(path.join(repo, 'node_modules'), path.join(checkout, 'node_modules'));
  else execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: checkout, stdio: 'inherit' });

  fs.mkdirSync(pgdata, { mode: 0o700 });
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', pgdata]);
  pgTool('initdb', ['-D', pgdata, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  pgTool('pg_ctl', [
    '-D',
    pgdata,
    '-w',
    '-l',
    path.join(pgdata, 'log'),
    '-o',
    `-p ${port} -k ${pgdata} -c listen_addresses=127.0.0.1`,
    'start',
  ]);
  started = true;
  pgTool('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-qc', 'create database stayhub']);

  const seeded = spawnSync(process.execPath, ['scripts/db.ts', 'seed'], {
    cwd: checkout,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/stayhub`,
      DATA_DIR: path.join(work, 'data'),
      SEED_DEMO_CONTENT: 'true',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin123',
    },
  });
  if (seeded.status !== 0) throw new Error(`the release's seed failed (${seeded.status})`);

  psql(RELEASE_EXTRAS);

  const dump = pgTool('pg_dump', [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    '-d',
    'stayhub',
    '--no-owner',
    '--no-privileges',
    '--exclude-schema=pgboss',
    '--rows-per-insert=100',
  ]);
  // pg_dump's \restrict guard lines are psql meta-commands; the test runs the dump as plain SQL.
  const sql = dump
    .split('\n')
    .filter((l) => !/^\\(un)?restrict /.test(l))
    .join('\n');
  fs.writeFileSync(out, zlib.gzipSync(sql, { level: 9 }));
  console.log(`wrote ${path.relative(repo, out)} (${Math.round(fs.statSync(out).size / 1024)} KB)`);
} finally {
  if (started) pgTool('pg_ctl', ['-D', pgdata, '-w', '-m', 'fast', 'stop']);
  spawnSync('git', ['worktree', 'remove', '--force', checkout], { stdio: 'inherit' });
  fs.rmSync(work, { recursive: true, force: true });
}
