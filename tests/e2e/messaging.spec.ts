import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/dates.ts';
import { expect, loginAsAdmin, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { mailedLink } from './support/mail.ts';
import { freeWindow } from './support/stay.ts';

/** Guest messaging end to end (docs/messaging.md): a question, its answer, the emailed link, a template. */

const PHONE_WIDTHS = [320, 375, 414];

/** Nothing on the page is wider than the window at each phone width. */
async function fitsPhones(page: Page, what: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 760 });
    await expect
      .poll(
        () =>
          page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        {
          message: `${what} at ${width} px`,
        },
      )
      .toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(size);
}

async function firstHome(page: Page): Promise<{ id: number; title: string }> {
  const res = await page.request.get('/api/properties');
  const body = (await res.json()) as
    { id: number; title: string }[] | { items: { id: number; title: string }[] };
  const list = Array.isArray(body) ? body : body.items;
  const home = list[0];
  if (!home) throw new Error('no home to ask about');
  return home;
}

test('a guest asks from the property page and the operator answers from the inbox', async ({
  page,
  browser,
}) => {
  const home = await firstHome(page);
  const email = `asker-${Date.now()}@example.com`;
  await page.goto(`/property/${home.id}`);
  const opener = page.getByTestId('contact-host');
  await opener.click();
  const dialog = page.getByRole('dialog', { name: `Contact the host of ${home.title}` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'inquiry form', { include: '[role="dialog"]' });
  await fitsPhones(page, 'inquiry form');
  // Sending empty names the fields.
  await dialog.getByRole('button', { name: 'Send question' }).click();
  await expect(dialog.getByText('Name cannot be empty')).toBeVisible();
  await dialog.getByLabel('Name').fill('Rosa Asker');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Message').fill('Is the <b>garden</b> shared?\nThanks!');
  await dialog.getByLabel('Guests (optional)').fill('2');
  await dialog.getByRole('button', { name: 'Send question' }).click();
  await expect(dialog.getByText('Question sent')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin.request);
  await admin.goto('/admin/inbox?filter=inquiries');
  await expect(admin.getByTestId('admin-sidebar').getByTestId('inbox-unread')).toBeVisible();
  const thread = admin.getByTestId('inbox-thread').filter({ hasText: 'Rosa Asker' });
  // Keyboard: the thread is a button reached and opened without a mouse.
  await thread.focus();
  await admin.keyboard.press('Enter');
  const conversation = admin.getByTestId('message-thread');
  await expect(conversation.getByTestId('message-body')).toHaveText('Is the <b>garden</b> shared?\nThanks!');
  await expect(admin.getByTestId('thread-summary')).toContainText('Question before booking');
  await expectNoSeriousA11yViolations(admin, 'inbox with a thread');
  await conversation.getByLabel('Your message').fill('Yes, the garden is all yours.');
  await conversation.getByRole('button', { name: 'Send' }).click();
  await expect(conversation.getByTestId('message-body')).toHaveCount(2);
  await fitsPhones(admin, 'inbox');
  await adminContext.close();
});

test('the guest reads the answer through the emailed link and replies', async ({ page, browser }) => {
  const home = await firstHome(page);
  const email = `reader-${Date.now()}@example.com`;
  // The question and its answer through the API, as the test above does them on screen.
  const asked = await page.request.post(`/api/properties/${home.id}/inquiries`, {
    data: { name: 'Lena Reader', email, message: 'Late check-in possible?' },
    headers: { 'x-forwarded-for': `10.77.${Date.now() % 250}.1` },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  // The operator in a context of their own: the guest's page stays signed out.
  const adminContext = await browser.newContext();
  await loginAsAdmin(adminContext.request);
  const inbox = await adminContext.request.get('/api/admin/inbox?filter=inquiries&pageSize=50');
  const threads = ((await inbox.json()) as { items: { id: number; guestName: string }[] }).items;
  const id = threads.find((t) => t.guestName === 'Lena Reader')?.id;
  expect(id).toBeDefined();
  const answer = 'Yes, the key box is by the door.';
  const replied = await adminContext.request.post(`/api/admin/conversations/${id}/messages`, {
    data: { body: answer },
  });
  expect(replied.ok()).toBe(true);
  await adminContext.close();

  let link = '';
  await expect
    .poll(() => (link = mailedLink(email, /the key box is by the door[\s\S]*?(\/messages\/[a-z2-7]{32})/)))
    .not.toBe('');
  await page.goto(link);
  const mine = page.getByTestId('message-thread');
  await expect(mine.getByTestId('message-body').last()).toHaveText(answer);
  await expectNoSeriousA11yViolations(page, 'guest conversation');
  await mine.getByLabel('Your message').fill('Wonderful, thank you.');
  await mine.getByLabel('Your message').press('Tab');
  await page.keyboard.press('Enter');
  await expect(mine.getByTestId('message-body')).toHaveCount(3);
  await fitsPhones(page, 'guest conversation');
});

test('the operator edits a template and previews it with a real booking', async ({ page, asAdmin }) => {
  const home = await firstHome(page);
  const checkIn = await freeWindow(page.request, home.id, 200, 2);
  const booked = await page.request.post('/api/bookings', {
    data: {
      propertyId: home.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
      contactInfo: { name: 'Pia Preview', email: 'pia@example.com', phone: '+1 555 0100', country: 'Spain' },
    },
  });
  expect(booked.ok()).toBe(true);
  const { id: bookingId } = (await booked.json()) as { id: number };
  const name = `Arrival ${Date.now()}`;

  await asAdmin.goto('/admin/messages');
  await asAdmin.getByRole('button', { name: 'New template' }).click();
  const editor = asAdmin.getByTestId('template-editor');
  await editor.getByLabel('Name').fill(name);
  await editor.getByTestId('template-body').fill('Hi {{guest_name}}!');
  await editor.getByRole('button', { name: 'Save template' }).click();
  await expect(editor).toBeHidden();
  await asAdmin.getByRole('button', { name: `Edit ${name}` }).click();
  await editor
    .getByTestId('template-body')
    .fill('Hi {{guest_name}}, see you at {{home}} on {{check_in_date}}.');
  await editor.getByLabel('Preview with booking #').fill(String(bookingId));
  await editor.getByRole('button', { name: 'Preview' }).click();
  await expect(editor.getByTestId('template-preview')).toContainText(
    `Hi Pia Preview, see you at ${home.title} on`,
  );
  await expectNoSeriousA11yViolations(asAdmin, 'automated messages with a preview');
  await editor.getByRole('button', { name: 'Save template' }).click();
  await expect(asAdmin.getByTestId('template-row').filter({ hasText: name })).toBeVisible();
});

test("a saved reply inserted in the inbox is filled from the conversation's booking; a variable left is never sent", async ({
  page,
  asAdmin,
}) => {
  const home = await firstHome(page);
  const checkIn = await freeWindow(page.request, home.id, 240, 2);
  const booked = await page.request.post('/api/bookings', {
    data: {
      propertyId: home.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
      contactInfo: {
        name: 'Sam Saved',
        email: 'sam.saved@example.com',
        phone: '+1 555 0100',
        country: 'Spain',
      },
    },
  });
  expect(booked.ok()).toBe(true);
  const { id: bookingId } = (await booked.json()) as { id: number };
  const name = `Greeting ${Date.now()}`;
  const made = await asAdmin.request.post('/api/admin/message-templates', {
    data: { name, trigger: 'manual', body: 'Hi {{guest_name}}' },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const thread = await asAdmin.request.post(`/api/admin/bookings/${bookingId}/conversation`, { data: {} });
  const { conversationId } = (await thread.json()) as { conversationId: number };

  await asAdmin.goto(`/admin/inbox?c=${conversationId}`);
  await asAdmin.getByTestId('saved-replies').click();
  await asAdmin.getByRole('option', { name }).click();
  const box = asAdmin.getByLabel('Your message');
  await expect(box).toHaveValue('Hi Sam Saved');

  await box.fill('Hi Sam, your code is {{door_code_typo}}');
  await asAdmin.getByTestId('message-thread').getByRole('button', { name: 'Send' }).click();
  await expect(asAdmin.getByRole('alert')).toContainText(
    'Fill in or remove {{door_code_typo}} before sending: the reply still has a variable',
  );
  await expect(asAdmin.getByTestId('message')).toHaveCount(0);
});
