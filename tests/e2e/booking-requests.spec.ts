import { addDays } from '../../src/shared/dates.ts';
import type { TProperty } from '../../src/shared/schemas/property.ts';
import { expect, expectToast, loginAsAdmin, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { freeWindow } from './support/stay.ts';
import { reserveToCheckout } from './support/checkout.ts';

/** Request to book (docs/booking-operations.md#booking-modes), as the guest and the operator meet it. */

test("a request-to-book home shows 'Request to book', the guest learns when the answer comes, and the operator accepts it", async ({
  page,
}) => {
  await loginAsAdmin(page.request);
  const homes = (await (await page.request.get('/api/properties')).json()) as TProperty[];
  const source = homes[7] ?? homes[0];
  if (!source) throw new Error('the demo seed should have homes');
  // A copy of a demo home of its own, switched to request to book through the property's REST write.
  const duplicated = await page.request.post(`/api/properties/${source.id}/duplicate`, { data: {} });
  expect(duplicated.ok(), await duplicated.text()).toBe(true);
  const copy = (await duplicated.json()) as TProperty;
  const { id: _id, rating: _r, reviewCount: _c, createdAt: _t, ...fields } = copy;
  const put = await page.request.put(`/api/properties/${copy.id}`, {
    data: { ...fields, bookingMode: 'request' },
  });
  expect(put.ok(), await put.text()).toBe(true);
  expect(((await put.json()) as TProperty).bookingMode).toBe('request');
  try {
    const checkIn = await freeWindow(page.request, copy.id, 40, 3);
    await page.goto(`/property/${copy.id}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=1`);
    const card = page.getByTestId('booking-card');
    const ask = card.getByTestId('reserve');
    await expect(ask).toHaveText('Request to book');
    const form = await reserveToCheckout(page, ask);
    await expect(form.getByTestId('request-notice')).toBeVisible();
    await form.getByLabel('Full name').fill('Rhea Request');
    await form.getByLabel('Email').fill('rhea.request@example.com');
    await form.getByLabel('Phone').fill('+1 555 0166');
    await form.getByLabel('Country/Region').fill('Ireland');
    await form.getByRole('button', { name: 'Request to book' }).click();

    await expectToast(page, 'Request sent', /You will have an answer by .+ UTC/);
    const sent = page.getByRole('dialog', { name: 'Request sent' });
    await expect(sent.getByTestId('confirmation-text')).toContainText('You will have an answer by');
    // No money is asked for before the operator accepts.
    await expect(sent.getByTestId('confirmation-payment')).toHaveCount(0);
    const bic = (await sent.getByTestId('confirmation-number').textContent()) ?? '';
    expect(bic).toMatch(/^BIC\d+$/);
    await sent.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/manage\//);

    // The operator finds it among the requests and accepts it in the drawer.
    await page.goto(`/admin/bookings?status=requested&q=${bic}`);
    const row = page.getByTestId('booking-row');
    // The admin's first load brings its own bundle, slow on a busy two-core machine.
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row.getByTestId('status-badge')).toHaveText('Requested');
    await row.getByRole('button', { name: /^Details of booking #/ }).click();
    const drawer = page.getByRole('dialog', { name: /^Booking #\d+$/ });
    await expect(drawer.getByTestId('request-answer')).toContainText('Answer by');
    await expectNoSeriousA11yViolations(page, 'booking drawer with a request');
    await drawer.getByRole('button', { name: 'Accept request' }).click();
    await expect(drawer.getByTestId('status-badge')).toHaveText('Confirmed');
    await expect(drawer.getByTestId('drawer-history')).toContainText('Requested → Confirmed');
    await expect(drawer.getByTestId('request-answer')).toHaveCount(0);
  } finally {
    await page.request.delete(`/api/properties/${copy.id}`);
  }
});

test('the operator declines a request in a dialog that asks for the reason, and the guest is e-mailed it', async ({
  page,
}) => {
  await loginAsAdmin(page.request);
  const homes = (await (await page.request.get('/api/properties')).json()) as TProperty[];
  const source = homes[6] ?? homes[0];
  if (!source) throw new Error('the demo seed should have homes');
  const copy = (await (
    await page.request.post(`/api/properties/${source.id}/duplicate`, { data: {} })
  ).json()) as TProperty;
  const { id: _id, rating: _r, reviewCount: _c, createdAt: _t, ...fields } = copy;
  expect(
    (
      await page.request.put(`/api/properties/${copy.id}`, { data: { ...fields, bookingMode: 'request' } })
    ).ok(),
  ).toBe(true);
  try {
    const checkIn = await freeWindow(page.request, copy.id, 50, 2);
    const made = await page.request.post('/api/bookings', {
      data: {
        propertyId: copy.id,
        checkIn,
        checkOut: addDays(checkIn, 2),
        guests: 1,
        contactInfo: {
          name: 'Dara Decline',
          email: 'dara.decline@example.com',
          phone: '+1 555 0177',
          country: 'Ireland',
        },
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const booking = (await made.json()) as { id: number; confirmationNumber: string };

    await page.goto(`/admin/bookings?booking=${booking.id}`);
    const drawer = page.getByRole('dialog', { name: `Booking #${booking.id}` });
    const open = drawer.getByRole('button', { name: 'Decline request' });
    await expect(open).toBeVisible({ timeout: 30_000 });
    await open.click();
    const ask = page.getByRole('dialog', { name: 'Decline this request?' });
    const reason = ask.getByLabel('Reason for the guest');
    await expect(reason).toBeFocused();
    // Without a reason, nothing is sent.
    await ask.getByRole('button', { name: 'Decline request' }).click();
    await expect(ask).toContainText('Reason is required: tell the guest why the request is declined');
    await expectNoSeriousA11yViolations(page, 'decline dialog');
    await reason.fill('The house is closed for repairs that week.');
    await ask.getByRole('button', { name: 'Decline request' }).click();
    await expect(ask).toHaveCount(0);
    await expect(drawer.getByTestId('status-badge')).toHaveText('Declined');
    await expect(drawer.getByTestId('request-answer')).toHaveCount(0);

    await expect
      .poll(async () => {
        const list = (await (await page.request.get('/api/admin/emails?pageSize=50')).json()) as {
          items: { to: string; subject: string; html: string }[];
        };
        return list.items.find(
          (m) => m.to === 'dara.decline@example.com' && m.subject.startsWith('Request declined'),
        )?.html;
      })
      .toContain('The house is closed for repairs that week.');
  } finally {
    await page.request.delete(`/api/properties/${copy.id}`);
  }
});
