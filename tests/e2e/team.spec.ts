import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { workerOrigin } from './support/servers.ts';

const GUEST = {
  name: 'Turnover Guest',
  email: 'turnover@example.com',
  phone: '+1 555 0100',
  country: 'Spain',
};

/** A demo home with nothing held in the next few days, so the test owns its turnover. */
async function freeHome(request: APIRequestContext): Promise<{ id: number; title: string }> {
  const all = (await (await request.get('/api/properties')).json()) as { id: number; title: string }[];
  const until = addDays(todayIso(), 4);
  for (const home of all.reverse()) {
    const held = (await (await request.get(`/api/properties/${home.id}/availability`)).json()) as {
      checkIn: string;
    }[];
    if (!held.some((r) => r.checkIn < until)) return home;
  }
  throw new Error('no demo home is free');
}

async function book(request: APIRequestContext, propertyId: number, checkIn: string, checkOut: string) {
  const quote = (await (
    await request.get(
      `/api/bookings/quote?propertyId=${propertyId}&checkIn=${checkIn}&checkOut=${checkOut}&guests=2`,
    )
  ).json()) as { total: number };
  const res = await request.post('/api/bookings', {
    data: { propertyId, checkIn, checkOut, guests: 2, totalPrice: quote.total, contactInfo: GUEST },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The recipient's copy of the invitation (the .eml the worker's server wrote: there is no SMTP here). */
async function invitationLink(email: string): Promise<string> {
  const index = test.info().parallelIndex;
  const mailDir = path.join(process.env.E2E_DATA_ROOT ?? '', index === 0 ? 'main' : `main-${index}`, 'mail');
  let link = '';
  await expect
    .poll(() => {
      const sent = (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [])
        .map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8').replace(/=\r?\n/g, ''))
        .find((eml) => eml.includes(`To: ${email}`) && eml.includes('/team/join/'));
      link = /(\/team\/join\/[a-z2-7]{32})/.exec(sent ?? '')?.[1] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

test('the operator invites a housekeeper, who finishes a turnover on a phone; the timeline shows it done', async ({
  asAdmin: page,
  browser,
}) => {
  const home = await freeHome(page.request);
  const today = todayIso();
  await book(page.request, home.id, today, addDays(today, 1));
  await book(page.request, home.id, addDays(today, 1), addDays(today, 3));
  const email = `hk-${Date.now()}@example.com`;

  await page.goto('/admin/team');
  const opener = page.getByRole('button', { name: 'Invite' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Invite to the team' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Name').fill('Hana Housekeeper');
  await expect(dialog.getByLabel('Role')).toHaveValue('Housekeeper');
  await dialog.getByLabel('Homes').fill(home.title.slice(0, 20));
  await page.getByRole('option', { name: home.title }).click();
  // The list may stay open for more picks and, with every home back in it once the search clears,
  // cover the dialog's buttons (a run timed out on Send invitation): a click on the dialog's title
  // closes it, whether it is open or not.
  await dialog.getByRole('heading', { name: 'Invite to the team' }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectToast(page, 'Invitation sent');
  await expect(page.getByTestId('team-invitations')).toContainText(email);

  const link = await invitationLink(email);
  const phone = await browser.newContext({
    baseURL: workerOrigin(test.info().parallelIndex),
    viewport: { width: 375, height: 740 },
  });
  const hk = await phone.newPage();
  await hk.goto(link);
  await expect(hk.getByText('You are invited as Housekeeper')).toBeVisible();
  await hk.getByLabel('Username').fill(`hana${Date.now()}`);
  await hk.getByLabel('Password', { exact: true }).fill('secret-pw');
  await hk.getByRole('button', { name: 'Join the team' }).click();
  await expect(hk).toHaveURL(/\/admin\/tasks$/);

  const card = hk.getByTestId('task-card').filter({ hasText: home.title }).first();
  await expect(card).toBeVisible();
  await expect(card).toContainText('Next: 2 guests');
  await expectNoSeriousA11yViolations(hk, 'the housekeeper’s tasks at 375 px');
  await card.getByRole('button', { name: 'Done…' }).click();
  const finish = hk.getByRole('dialog', { name: `Done: ${home.title}` });
  await finish.getByLabel('Note').fill('Clean and ready');
  const photo = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  await finish
    .locator('input[type="file"]')
    .setInputFiles({ name: 'room.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(finish.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await finish.getByRole('button', { name: 'Mark done' }).click();
  await expect(card.getByTestId('task-status')).toHaveText('Done');
  await phone.close();

  await page.goto('/admin/calendar');
  await page.getByLabel('Find a home').fill(home.title);
  const row = page.locator(`[data-testid="timeline-row"][data-property-id="${home.id}"]`);
  // The first stay's turnover, on its check-out day; the second stay's own is still to do.
  const turnover = row.locator(`[data-testid="timeline-turnover"][title^="Turnover ${addDays(today, 1)}"]`);
  await expect(turnover).toHaveAttribute('data-status', 'done');
});

test("the operator sets a home's default housekeeper on the Team page; the home's next turnover is theirs", async ({
  asAdmin: page,
  browser,
}) => {
  const home = await freeHome(page.request);
  const username = `dhk-${Date.now()}`;
  const context = await browser.newContext();
  const reg = await context.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'secret-pw', name: 'Dana Default' },
  });
  expect(reg.ok()).toBe(true);
  const { id: keeperId } = (await reg.json()) as { id: number };
  await context.close();
  const added = await page.request.post('/api/admin/staff', {
    data: { userId: keeperId, role: 'housekeeper', propertyIds: [home.id] },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.goto('/admin/team');
  const section = page.getByRole('region', { name: 'Default housekeepers' });
  await section.getByRole('combobox', { name: 'Home' }).fill(home.title.slice(0, 20));
  await page.getByRole('option', { name: home.title }).click();
  await section.getByRole('combobox', { name: 'Housekeeper' }).click();
  await page.getByRole('option', { name: 'Dana Default' }).click();
  await section.getByRole('button', { name: 'Set default' }).click();
  await expectToast(page, 'Default housekeeper saved');
  const listed = page.getByTestId('default-housekeepers').getByRole('row').filter({ hasText: home.title });
  await expect(listed).toContainText('Dana Default');
  await expectNoSeriousA11yViolations(page, 'default housekeepers');

  const checkIn = addDays(todayIso(), 2);
  await book(page.request, home.id, checkIn, addDays(checkIn, 1));
  const tasks = (await (
    await page.request.get(
      `/api/admin/tasks?propertyId=${home.id}&from=${addDays(checkIn, 1)}&to=${addDays(checkIn, 1)}`,
    )
  ).json()) as { items: { assignee: { id: number } | null }[] };
  expect(tasks.items.map((t) => t.assignee?.id)).toEqual([keeperId]);

  await listed.getByRole('button', { name: `Clear the default housekeeper of ${home.title}` }).click();
  await expectToast(page, 'Default housekeeper cleared');
  await expect(listed).toHaveCount(0);
});
