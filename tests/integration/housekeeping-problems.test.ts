import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ADMIN } from '../support/constants.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, seededAdmin } from '../support/db.ts';
import { createProperty, imageDataUrls } from '../support/fixtures.ts';
import { housekeepingMakers } from '../support/housekeeping.ts';
import { api, startMailingTestServer, type TTestServer } from '../support/server.ts';
import { SmtpSink } from '../support/smtp-sink.ts';

/**
 * Problem reports (docs/staff.md#problem-reports): a housekeeper files one on a task; the operator's
 * notification address gets the e-mail over real SMTP (the app's own server and workers, a real SMTP
 * server started here); it is open on the dashboard's list until the back office resolves it.
 */
const sink = new SmtpSink();
let srv: TTestServer;
let admin: TSessionUser;
const asAdmin = () => callerFor(srv.db, admin, { env: srv.env }).caller;

const { housekeeper, turnover } = housekeepingMakers(() => srv.db, asAdmin, {
  net: '10.49',
  firstDay: 23,
  guest: { name: 'Pia Problem', email: 'pia@example.com' },
});

beforeAll(async () => {
  await sink.start();
  srv = await startMailingTestServer(sink.url);
  admin = await seededAdmin(srv.db);
});
afterAll(async () => {
  await srv.close();
  await sink.stop();
});

describe('a problem report', () => {
  it("e-mails the operator's notification address over SMTP, and stays open until resolved", async () => {
    const home = await createProperty(srv.db.em(), { title: 'Lighthouse cottage' });
    const hk = await housekeeper('rosa-hk', [home.id]);
    const task = await turnover(home.id);
    const [photo] = await imageDataUrls(1);
    const asHk = callerFor(srv.db, hk, { env: srv.env }).caller;
    const problem = await asHk.tasks.reportProblem({
      id: task,
      description: 'The shower drain is blocked\nWater on the floor',
      severity: 'high',
      photo,
    });
    expect(problem).toMatchObject({
      taskId: task,
      property: { id: home.id, title: 'Lighthouse cottage' },
      reporter: { id: hk.id, name: 'rosa-hk' },
      severity: 'high',
      resolvedAt: null,
    });
    expect(problem.photo).toMatch(/^\/media\//);

    await vi.waitFor(
      async () => {
        const rows = await srv.db.sql<{ status: string }>(
          `select status from emails where template = 'task-problem'`,
        );
        expect(rows.map((r) => r.status)).toEqual(['sent']);
      },
      { timeout: 30_000, interval: 200 },
    );
    const mail = sink.received.find((m) => m.header('Subject') === 'Problem reported at Lighthouse cottage');
    expect(mail?.to).toEqual(['notifications@stayhub.example']);
    expect(mail?.body).toContain('The shower drain is blocked');
    expect(mail?.body).toContain('Urgent');
    expect(mail?.body).toContain('rosa-hk');
    expect(mail?.body).toContain(problem.photo ?? 'no photo');

    // Open on the dashboard's list, over REST too, until the back office resolves it.
    const login = await api(srv.url, 'POST', '/api/auth/login', TEST_ADMIN);
    const cookie = /stayhub_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const open = await api(srv.url, 'GET', '/api/admin/problems', undefined, { cookie });
    expect(open.status).toBe(200);
    expect((open.body as { items: { id: number }[] }).items.map((p) => p.id)).toContain(problem.id);
    expect((await asHk.tasks.byId({ id: task })).problems.map((p) => p.id)).toEqual([problem.id]);

    const resolved = await api(
      srv.url,
      'POST',
      `/api/admin/problems/${problem.id}/resolve`,
      { note: 'Plumber came' },
      { cookie },
    );
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      id: problem.id,
      resolvedBy: admin.name ?? admin.username,
      resolutionNote: 'Plumber came',
    });
    expect((await asAdmin().tasks.problems({})).items.map((p) => p.id)).not.toContain(problem.id);
    const again = await api(srv.url, 'POST', `/api/admin/problems/${problem.id}/resolve`, {}, { cookie });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'This problem is already resolved' });
  });

  it('is refused, with no e-mail, for a task the housekeeper may not see or without a description', async () => {
    const [home, elsewhere] = [await createProperty(srv.db.em()), await createProperty(srv.db.em())];
    const outsider = await housekeeper('otto-problem', [elsewhere.id]);
    const task = await turnover(home.id);
    const asOutsider = callerFor(srv.db, outsider, { env: srv.env }).caller;
    await expect(
      asOutsider.tasks.reportProblem({ id: task, description: 'Nothing', severity: 'low' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      asAdmin().tasks.reportProblem({ id: task, description: '   ', severity: 'low' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Description cannot be empty'),
    });
    await expect(
      asAdmin().tasks.reportProblem({ id: task, description: 'x', severity: 'extreme' as 'low' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Severity must be low, medium or high'),
    });
    const [row] = await srv.db.sql<{ problems: number; emails: number }>(
      `select (select count(*)::int from task_problems where task_id = $1) as problems,
              (select count(*)::int from emails where template = 'task-problem') as emails`,
      [task],
    );
    // The one e-mail is the first test's.
    expect(row).toEqual({ problems: 0, emails: 1 });
  });
});
