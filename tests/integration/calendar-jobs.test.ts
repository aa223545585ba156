import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobHandlers } from '../../src/server/jobs/handlers.ts';
import { localMediaStore } from '../../src/server/services/media/store.ts';
import { registerJobs, startQueue, stopSendingJobs } from '../../src/server/jobs/queue.ts';
import { JOBS } from '../../src/server/jobs/registry.ts';
import { createMailTransport } from '../../src/server/services/email/transport.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { syncAllFeeds } from '../../src/server/services/calendar/ical-import.ts';
import { createTestDatabase, testEnv, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;
let boss: PgBoss;
let server: http.Server;

beforeAll(async () => {
  db = await createTestDatabase();
  const start = addDays(todayIso(), 7).replaceAll('-', '');
  const end = addDays(todayIso(), 9).replaceAll('-', '');
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar' });
    res.end(
      `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:job-1\r\nDTSTART;VALUE=DATE:${start}\r\nDTEND;VALUE=DATE:${end}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  boss = await startQueue(db.url);
  const { icalSync } = jobHandlers({
    orm: db.orm,
    transport: createMailTransport({ smtpUrl: undefined, mailDir: '/nonexistent' }),
    mailFrom: undefined,
    reach: { cardAvailable: false },
    icalAllowPrivateHosts: testEnv({ icalAllowPrivateHosts: true }).icalAllowPrivateHosts,
    privateMedia: localMediaStore('/nonexistent'),
  });
  await registerJobs(boss, { icalSync });
});
afterAll(async () => {
  await stopSendingJobs();
  await boss.stop({ graceful: false });
  await new Promise((resolve) => server.close(resolve));
  await db.drop();
});

describe('the scheduled iCal import', () => {
  it('is scheduled every 5 minutes on the queue, and its job syncs every feed that is due', async () => {
    const schedules = await boss.getSchedules(JOBS.icalSync.queue);
    expect(schedules.map((s) => [s.name, s.cron])).toEqual([[JOBS.icalSync.queue, JOBS.icalSync.cron]]);

    const home = await createProperty(db.em());
    const port = (server.address() as AddressInfo).port;
    await db.sql(`insert into ical_feeds (property_id, name, url) values ($1, 'Airbnb', $2)`, [
      home.id,
      `http://127.0.0.1:${port}/cal.ics`,
    ]);
    await boss.send(JOBS.icalSync.queue);
    await vi.waitFor(
      async () => {
        const [feed] = await db.sql<{ last_sync_at: Date | null; last_error: string | null }>(
          'select last_sync_at, last_error from ical_feeds where property_id = $1',
          [home.id],
        );
        expect(feed?.last_sync_at).not.toBeNull();
        expect(feed?.last_error).toBeNull();
      },
      { timeout: 20_000, interval: 200 },
    );
    const holds = await db.sql(
      'select 1 from date_holds where property_id = $1 and external_event_id is not null',
      [home.id],
    );
    expect(holds).toHaveLength(1);
  });

  it('syncs a feed again only once the interval in Settings has passed', async () => {
    const home = await createProperty(db.em());
    const port = (server.address() as AddressInfo).port;
    const [recent, stale] = await db.sql<{ id: number }>(
      `insert into ical_feeds (property_id, name, url, last_sync_at)
       values ($1, 'Recent', $2, now() - interval '3 minutes'), ($1, 'Stale', $2, now() - interval '20 minutes')
       returning id`,
      [home.id, `http://127.0.0.1:${port}/cal.ics`],
    );
    const lastSync = async (id: number | undefined) =>
      (await db.sql<{ t: string }>('select last_sync_at::text as t from ical_feeds where id = $1', [id]))[0]
        ?.t;
    const recentBefore = await lastSync(recent?.id);
    const staleBefore = await lastSync(stale?.id);
    await syncAllFeeds(() => db.em(), { allowPrivateHosts: true, dueMinutes: 15 });
    expect(await lastSync(recent?.id)).toBe(recentBefore);
    expect(await lastSync(stale?.id)).not.toBe(staleBefore);
  });
});
