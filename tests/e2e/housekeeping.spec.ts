import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';

/** The phone widths every housekeeping screen must work at. */
const WIDTHS = [320, 375, 414] as const;

/** A demo home with nothing held in the next few days, so the test owns its turnover. */
async function freeHome(request: APIRequestContext): Promise<{ id: number; title: string }> {
  const all = (await (await request.get('/api/properties')).json()) as { id: number; title: string }[];
  const until = addDays(todayIso(), 4);
  for (const home of all) {
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
      `/api/bookings/quote?propertyId=${propertyId}&checkIn=${checkIn}&checkOut=${checkOut}&guests=3`,
    )
  ).json()) as { total: number };
  const res = await request.post('/api/bookings', {
    data: {
      propertyId,
      checkIn,
      checkOut,
      guests: 3,
      totalPrice: quote.total,
      contactInfo: {
        name: 'Check Guest',
        email: 'check-guest@example.com',
        phone: '+1 555 0100',
        country: 'Spain',
      },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function axeAtWidths(page: Page, label: string, include?: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    // Nothing may scroll sideways at a phone's width (in a dialog: the dialog itself).
    const overflow = await page.evaluate((selector) => {
      const el = selector ? document.querySelector(selector) : document.documentElement;
      return el ? el.scrollWidth - el.clientWidth : -1;
    }, include ?? null);
    expect(overflow, `${label} at ${width} px`).toBe(0);
    await expectNoSeriousA11yViolations(page, `${label} at ${width} px`, include ? { include } : {});
  }
}

/** The .eml the worker's server wrote for the problem (no SMTP in the browser tests). */
function problemMail(subject: string): string {
  const index = test.info().parallelIndex;
  const dir = path.join(process.env.E2E_DATA_ROOT ?? '', index === 0 ? 'main' : `main-${index}`, 'mail');
  if (!fs.existsSync(dir)) return '';
  return (
    fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
      .find((eml) => eml.includes(subject)) ?? ''
  );
}

test("the operator writes a home's checklist; a housekeeper ticks it on a phone and reports a problem; the operator resolves it", async ({
  asAdmin: page,
  browser,
}) => {
  // Ten axe scans: three widths of the editor, the task page and the report, and the resolve dialog.
  test.setTimeout(180_000);
  const home = await freeHome(page.request);
  const today = todayIso();
  await book(page.request, home.id, today, addDays(today, 1));

  // The checklist editor, in the home's editor: add, rename, reorder and remove rooms and items.
  await page.goto(`/admin/listings?q=${encodeURIComponent(home.title)}`);
  await page
    .getByRole('button', { name: `Edit ${home.title}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Property' });
  const editor = dialog.getByRole('region', { name: 'Housekeeping checklist' });
  await expect(editor).toBeVisible();
  // A home may already have a list from an earlier run: start from an empty one.
  while ((await editor.getByRole('button', { name: /^Remove the room / }).count()) > 0)
    await editor
      .getByRole('button', { name: /^Remove the room / })
      .first()
      .click();
  await editor.getByRole('button', { name: 'Add room' }).click();
  await editor.getByRole('textbox', { name: 'Room 1', exact: true }).fill('Bathroom');
  await editor.getByRole('button', { name: 'Add item to Bathroom' }).click();
  await editor.getByRole('textbox', { name: 'Item 1 of Bathroom', exact: true }).fill('Fresh towels');
  await editor.getByRole('button', { name: 'Add room' }).click();
  await editor.getByRole('textbox', { name: 'Room 2', exact: true }).fill('Kitchn');
  await editor.getByRole('textbox', { name: 'Room 2', exact: true }).fill('Kitchen');
  for (const label of ['Wipe the hob', 'Empty the fridge', 'Old item']) {
    await editor.getByRole('button', { name: 'Add item to Kitchen' }).click();
    const inputs = editor.getByRole('textbox', { name: /of Kitchen$/ });
    await inputs.last().fill(label);
  }
  await editor.getByRole('button', { name: 'Remove item 3 of Kitchen' }).click();
  // Kitchen first, by keyboard.
  await editor.getByRole('button', { name: 'Move the room Kitchen up' }).focus();
  await page.keyboard.press('Enter');
  await expect(editor.getByRole('textbox', { name: 'Room 1', exact: true })).toHaveValue('Kitchen');
  await expect(editor.getByTestId('checklist-editor-count')).toHaveText('2 of 20 rooms, 3 of 200 items');
  await axeAtWidths(page, 'the checklist editor', '[role="dialog"]');
  await page.setViewportSize({ width: 1280, height: 800 });
  await editor.getByRole('button', { name: 'Save checklist' }).click();
  await expectToast(page, 'The checklist is saved');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // A housekeeper of the home, on a phone.
  const username = `tick-${Date.now()}`;
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true });
  const reg = await phone.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'secret-pw', name: 'Tia Tick' },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const { id: keeperId } = (await reg.json()) as { id: number };
  const added = await page.request.post('/api/admin/staff', {
    data: { userId: keeperId, role: 'housekeeper', propertyIds: [home.id] },
  });
  expect(added.ok(), await added.text()).toBe(true);
  // A change of role ends the sessions: sign in again.
  expect(
    (await phone.request.post('/api/auth/login', { data: { username, password: 'secret-pw' } })).ok(),
  ).toBe(true);
  const hk = await phone.newPage();
  await hk.goto('/admin/tasks');
  const card = hk.getByTestId('task-card').filter({ hasText: home.title }).first();
  await card.getByRole('link', { name: `Checklist of ${home.title}` }).click();
  await expect(hk).toHaveURL(/\/admin\/tasks\?task=\d+$/);
  await expect(hk.getByRole('heading', { name: home.title })).toBeVisible();
  const progress = hk.getByTestId('checklist-progress');
  await expect(progress).toHaveText('0 of 3 done');
  await expect(hk.getByRole('group', { name: 'Kitchen' })).toBeVisible();
  await axeAtWidths(hk, 'the task page');

  // Ticks by touch and by keyboard, each saved on the server.
  await hk.getByRole('checkbox', { name: 'Wipe the hob' }).tap();
  await expect(progress).toHaveText('1 of 3 done');
  await hk.getByRole('checkbox', { name: 'Fresh towels' }).focus();
  await hk.keyboard.press('Space');
  await expect(progress).toHaveText('2 of 3 done');
  await expect(hk.getByTestId('task-status')).toHaveText('Started');
  await hk.reload();
  await expect(hk.getByTestId('checklist-progress')).toHaveText('2 of 3 done');
  await expect(hk.getByRole('checkbox', { name: 'Fresh towels' })).toBeChecked();
  await expect(hk.getByRole('checkbox', { name: 'Empty the fridge' })).not.toBeChecked();

  // The problem report: opened from the keyboard, closed with Escape, focus back on its button.
  const reportButton = hk.getByRole('button', { name: 'Report a problem' });
  await reportButton.focus();
  await hk.keyboard.press('Enter');
  const report = hk.getByRole('dialog', { name: `Problem at ${home.title}` });
  await expect(report.getByLabel('What is wrong?')).toBeFocused();
  await axeAtWidths(hk, 'the problem report', '[role="dialog"]');
  await hk.setViewportSize({ width: 375, height: 740 });
  await hk.keyboard.press('Escape');
  await expect(report).toBeHidden();
  await expect(reportButton).toBeFocused();

  await reportButton.click();
  await report.getByRole('button', { name: 'Report problem' }).click();
  await expect(report.getByRole('alert')).toHaveText('Description cannot be empty');
  await report.getByLabel('What is wrong?').fill('The kitchen tap drips');
  await report.getByRole('radio', { name: 'Urgent' }).check();
  await report.getByRole('button', { name: 'Report problem' }).click();
  await expectToast(hk, 'The problem is reported');
  await expect(report).toBeHidden();
  await expect(reportButton).toBeFocused();
  await expect(hk.getByTestId('task-problem')).toContainText('The kitchen tap drips');

  // The operator's e-mail, to the settings' notification address.
  const settings = (await (await page.request.get('/api/settings')).json()) as { notificationEmail: string };
  await expect
    .poll(() => problemMail(`Problem reported at ${home.title}`))
    .toContain(`To: ${settings.notificationEmail}`);

  // The dashboard's open problems, until the operator resolves one.
  await page.goto('/admin');
  const open = page.getByTestId('open-problems');
  const item = open.getByTestId('open-problem').filter({ hasText: 'The kitchen tap drips' });
  await expect(item).toContainText(home.title);
  await expect(item).toContainText('Tia Tick');
  await expect(item).toContainText('Urgent');
  await expect(item.getByRole('link', { name: /^Turnover of / })).toBeVisible();
  const resolveButton = item.getByRole('button', { name: `Resolve the problem at ${home.title}` });
  await resolveButton.click();
  const resolve = page.getByRole('dialog', { name: `Resolve the problem at ${home.title}` });
  await expectNoSeriousA11yViolations(page, 'the resolve dialog', { include: '[role="dialog"]' });
  await resolve.getByRole('button', { name: 'Cancel' }).click();
  await expect(resolve).toBeHidden();
  await expect(resolveButton).toBeFocused();
  await resolveButton.click();
  await resolve.getByLabel('Note (optional)').fill('Plumber booked');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expectToast(page, 'The problem is resolved');
  await expect(item).toHaveCount(0);

  // The housekeeper sees it resolved, with the note.
  await hk.reload();
  await expect(hk.getByTestId('task-problem')).toContainText('Resolved');
  await expect(hk.getByTestId('task-problem')).toContainText('Plumber booked');
  await phone.close();
});

test("the operator sets a housekeeper's pay on the Team page, by keyboard; Reports shows the pay apart from revenue", async ({
  asAdmin: page,
  browser,
}) => {
  const home = await freeHome(page.request);
  const username = `pay-${Date.now()}`;
  const context = await browser.newContext();
  const reg = await context.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'secret-pw', name: 'Pablo Pay' },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const { id } = (await reg.json()) as { id: number };
  await context.close();
  const added = await page.request.post('/api/admin/staff', {
    data: { userId: id, role: 'housekeeper', propertyIds: [home.id] },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.goto('/admin/team');
  const opener = page.getByRole('button', { name: 'Pay of Pablo Pay' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Pay of Pablo Pay' });
  await expect(dialog.getByLabel('Pay per task (USD)')).toBeVisible();
  await dialog.getByLabel('Pay per task (USD)').fill('25.5');
  await dialog.getByLabel(`At ${home.title}`).fill('30');
  await expectNoSeriousA11yViolations(page, 'the pay dialog', { include: '[role="dialog"]' });
  await dialog.getByRole('button', { name: 'Save pay' }).click();
  await expectToast(page, 'The pay is saved');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  const rates = (await (await page.request.get(`/api/admin/staff/${id}/pay`)).json()) as unknown;
  expect(rates).toEqual({
    userId: id,
    defaultRate: 25.5,
    overrides: [{ propertyId: home.id, title: home.title, rate: 30 }],
  });

  await page.goto('/admin/reports');
  const pay = page.getByRole('region', { name: 'Housekeeping pay' });
  await expect(pay).toContainText('A cost, not revenue');
});
