import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ormConfig } from '../../mikro-orm.config.ts';
import { migrate } from '../../src/server/db/database.ts';
import { createTestDatabase } from '../support/db.ts';
import { startTestServer, type TTestServer } from '../support/server.ts';

/**
 * An install of the last release, upgraded (docs/upgrades.md): its database, made and seeded by that
 * release's own code (scripts/make-release-fixture.ts), restored and migrated to this schema.
 */
const RELEASE = 'fc329a6';

const name = `upgrade_${randomBytes(6).toString('hex')}`;
let url: string;
let client: pg.Client;
let server: TTestServer | undefined;

type TRow = Record<string, unknown>;
const rows = async (sql: string): Promise<TRow[]> => (await client.query(sql)).rows as TRow[];

/** Every table of the schema with its row count. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await rows(
    `select tablename from pg_tables where schemaname = 'public' and tablename <> 'mikro_orm_migrations' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [r] = await rows(`select count(*)::int as n from public."${String(tablename)}"`);
    counts[String(tablename)] = Number(r?.n);
  }
  return counts;
}

/** The public schema's definitions, each part sorted: what two databases must share to be the same schema. */
async function schemaOf(query: (sql: string) => Promise<TRow[]>) {
  const texts = async (sql: string) => (await query(sql)).map((r) => String(r.d)).sort();
  return {
    columns:
      await texts(`select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' '
      || coalesce(column_default, '') as d from information_schema.columns where table_schema = 'public'`),
    indexes: await texts(`select indexdef as d from pg_indexes where schemaname = 'public'`),
    // A restored dump's checks are parsed again and print their casts another way: compared without them.
    constraints: (
      await texts(`select conrelid::regclass || ' ' || pg_get_constraintdef(oid) as d
      from pg_constraint where connamespace = 'public'::regnamespace`)
    )
      .map((d) => d.replace(/::(character varying|text)(\[\])?|[()]/g, ''))
      .sort(),
    functions: await texts(`select pg_get_functiondef(p.oid) as d from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')`),
    triggers: await texts(`select pg_get_triggerdef(t.oid) as d from pg_trigger t
      join pg_class c on c.oid = t.tgrelid where not t.tgisinternal and c.relnamespace = 'public'::regnamespace`),
  };
}

const BOOKING_FACTS = `select id, property_id, check_in::text, check_out::text, status, guests, children, infants,
  pets, confirmation_number, contact_info from bookings order by id`;
const BOOKING_MONEY = `select id, total_price, tax_amount, nightly_price, night_prices, price_lines, cancellation_fee
  from bookings order by id`;

let before: {
  counts: Record<string, number>;
  bookings: TRow[];
  money: TRow[];
  ledger: TRow[];
  messages: TRow[];
  staff: TRow[];
  plans: TRow[];
};

beforeAll(async () => {
  const serverUrl = inject('pgServerUrl');
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name} template template0`);
  await admin.end();
  url = `${serverUrl}/${name}`;
  client = new pg.Client({ connectionString: url });
  await client.connect();
  const dump = zlib.gunzipSync(fs.readFileSync(`tests/fixtures/release-${RELEASE}.sql.gz`)).toString('utf8');
  await client.query(dump);
  // The dump empties the search path for its own session.
  await client.query('set search_path = public');
  before = {
    counts: await tableCounts(),
    bookings: await rows(BOOKING_FACTS),
    money: await rows(BOOKING_MONEY),
    ledger: await rows(
      `select id, booking_id, kind, method, amount, currency, reference from ledger_lines order by id`,
    ),
    messages: await rows(`select id, conversation_id, sender, body from messages order by id`),
    staff: await rows(
      `select u.username, u.staff_role, array_agg(s.property_id order by s.property_id) as homes
       from users u left join staff_homes s on s.user_id = u.id group by u.id order by u.username`,
    ),
    plans: await rows(
      `select booking_id, total_amount, deposit_amount, balance_amount from payment_plans order by 1`,
    ),
  };
  const orm = await MikroORM.init(ormConfig(url, { debug: false }));
  try {
    await migrate(orm, url);
  } finally {
    await orm.close(true);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
  await client?.end();
  const admin = new pg.Client({ connectionString: `${inject('pgServerUrl')}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end();
});

describe(`upgrading the release ${RELEASE}'s database`, () => {
  it('the fixture holds what an install has: bookings, payments, refunds, messages, staff and owners', () => {
    expect(before.counts.bookings).toBeGreaterThan(50);
    expect(before.counts.ledger_lines).toBeGreaterThanOrEqual(4);
    expect(before.counts.messages).toBeGreaterThanOrEqual(2);
    expect(before.counts.home_owners).toBeGreaterThanOrEqual(1);
    expect(before.staff.filter((s) => s.staff_role !== null)).toHaveLength(3);
  });

  it('applies every migration written since', async () => {
    const applied = await rows(`select name from mikro_orm_migrations order by id`);
    const files = fs
      .readdirSync('src/server/migrations')
      .filter((f) => f.startsWith('migration-'))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(applied.map((r) => String(r.name).replace(/\.ts$/, '')).sort()).toEqual(files.sort());
  });

  it('keeps every row of every table', async () => {
    const after = await tableCounts();
    for (const [table, count] of Object.entries(before.counts)) {
      expect(after[table], table).toBeGreaterThanOrEqual(count);
    }
  });

  it('keeps each booking, ledger line, message and staff member as it was, its money in cents', async () => {
    expect(await rows(BOOKING_FACTS)).toEqual(before.bookings);
    // Prices were whole dollars in the release; they are cents now, exactly (docs/money.md#minor-units).
    const cents = (v: unknown) => (v === null ? null : Number(v) * 100);
    expect(await rows(BOOKING_MONEY)).toEqual(
      before.money.map((b) => ({
        id: b.id,
        total_price: cents(b.total_price),
        tax_amount: cents(b.tax_amount),
        nightly_price: cents(b.nightly_price),
        night_prices: (b.night_prices as number[] | null)?.map((n) => n * 100) ?? null,
        price_lines:
          (b.price_lines as { amount: number }[] | null)?.map((l) => ({ ...l, amount: l.amount * 100 })) ??
          null,
        cancellation_fee: cents(b.cancellation_fee),
      })),
    );
    const [full] = await rows(
      `select total_price, room_minor from bookings where confirmation_number = 'BIC900001'`,
    );
    // The fixture's stay: $1,520 of nights less a $152 weekly discount, plus a $210 extra-guest fee.
    expect(full).toEqual({ total_price: 203_000, room_minor: 157_800 });
    expect(
      await rows(
        `select id, booking_id, kind, method, amount, currency, reference from ledger_lines order by id`,
      ),
    ).toEqual(before.ledger);
    expect(await rows(`select id, conversation_id, sender, body from messages order by id`)).toEqual(
      before.messages,
    );
    expect(
      await rows(
        `select u.username, u.staff_role, array_agg(s.property_id order by s.property_id) as homes
         from users u left join staff_homes s on s.user_id = u.id group by u.id order by u.username`,
      ),
    ).toEqual(before.staff);
    expect(
      await rows(
        `select booking_id, total_amount, deposit_amount, balance_amount from payment_plans order by 1`,
      ),
    ).toEqual(before.plans);
  });

  it('ends with the schema a new install has: every table, column, index, function and trigger', async () => {
    // A new install replays the whole chain, each migration with the SQL of its own time.
    const fresh = await createTestDatabase();
    try {
      const upgraded = await schemaOf((sql) => rows(sql));
      const replayed = await schemaOf((sql) => fresh.sql<TRow>(sql));
      for (const part of Object.keys(upgraded) as (keyof typeof upgraded)[])
        expect(upgraded[part], part).toEqual(replayed[part]);
    } finally {
      await fresh.drop();
    }
  });

  it('serves the upgraded data: a home, a booking and its payments', async () => {
    server = await startTestServer({ databaseUrl: url });
    const home = await fetch(`${server.url}/api/properties/2`);
    expect(home.status).toBe(200);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const [full] = await rows(`select id from bookings where confirmation_number = 'BIC900001'`);
    const payments = await fetch(`${server.url}/api/admin/bookings/${String(full?.id)}/payments`, {
      headers: { cookie },
    });
    expect(payments.status, await payments.clone().text()).toBe(200);
    const body = (await payments.json()) as { totals: { paid: number } };
    expect(body.totals.paid).toBe(60_900);
  });
});
