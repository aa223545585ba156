import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import type { TProperty } from '../../src/shared/schemas/property.ts';
import { expect, loginAsAdmin, test } from './fixtures.ts';

/** A home's own time zone in the editor, and dated search totals that are the booking card's. */

let seed = 0;
async function images(count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      seed += 1;
      const background = { r: (seed * 41) % 256, g: (seed * 89) % 256, b: (seed * 17) % 256 };
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
        .png()
        .toBuffer();
      return `data:image/png;base64,${png.toString('base64')}`;
    }),
  );
}

/** A fresh home in a town of its own (so a search finds it alone), through the REST path. */
async function newHome(request: APIRequestContext, town: string): Promise<TProperty> {
  await loginAsAdmin(request);
  const res = await request.post('/api/properties', {
    data: {
      title: `Clock house ${town}`,
      description: 'A home for the time zone and search total checks.',
      location: `${town}, Florida`,
      latitude: '25.7617',
      longitude: '-80.1918',
      price: 133,
      bedrooms: 2,
      bathrooms: 1,
      maxGuests: 4,
      propertyType: 'house',
      images: await images(5),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as TProperty;
}

test('the editor sets a home’s time zone, and the booking card states the deadline on that clock', async ({
  asAdmin: page,
}) => {
  const home = await newHome(page.request, `Zoneville ${Date.now().toString(36)}`);
  try {
    // A new home got the zone its place suggests.
    expect(home.timeZone).toBe('America/New_York');
    await page.goto('/admin/listings');
    await page.getByRole('button', { name: `Edit ${home.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Property' });
    const zone = dialog.getByLabel('Time zone', { exact: true });
    await expect(zone).toHaveValue('America/New_York');
    await zone.fill('Asia/Tok');
    await page.getByRole('option', { name: 'Asia/Tokyo', exact: true }).click();
    await expect(zone).toHaveValue('Asia/Tokyo');
    await dialog.getByRole('button', { name: 'Update Property' }).click();
    await expect(dialog).toBeHidden();
    const saved = (await (await page.request.get(`/api/properties/${home.id}`)).json()) as TProperty;
    expect(saved.timeZone).toBe('Asia/Tokyo');

    // Count the page's time-zone formatters: the deadline comes from the zone's clock the page carries.
    await page.addInitScript(() => {
      const Native = Intl.DateTimeFormat;
      const w = window as unknown as { zoneFormatters: number };
      w.zoneFormatters = 0;
      Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof Native>) {
        const zone = args[1]?.timeZone;
        if (zone && zone !== 'UTC') w.zoneFormatters += 1;
        return new Native(...args);
      } as unknown as typeof Intl.DateTimeFormat;
    });
    const checkIn = addDays(todayIso(), 60);
    await page.goto(`/property/${home.id}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}`);
    await expect(page.getByTestId('booking-card').getByTestId('cancellation-policy')).toContainText(
      /12:00 AM GMT\+9/,
    );
    expect(await page.evaluate(() => (window as unknown as { zoneFormatters: number }).zoneFormatters)).toBe(
      0,
    );
  } finally {
    await page.request.delete(`/api/properties/${home.id}`);
  }
});

test('a dated search card shows the booking card’s total, in rupees too, for the party the card starts with', async ({
  page,
}) => {
  const town = `Sumtown ${Date.now().toString(36)}`;
  const home = await newHome(page.request, town);
  const pricing = `/api/properties/${home.id}/pricing`;
  // An extra-guest fee above one guest: the card starts with two adults, so the search must count one extra.
  const rules = {
    cleaningFee: 37,
    extraGuestFee: 11,
    extraGuestsAbove: 1,
    weeklyDiscount: 9,
    touristTaxPerPerson: 3,
  };
  expect((await page.request.put(pricing, { data: rules })).status()).toBe(200);
  try {
    await page.addInitScript(() => localStorage.setItem('stayhub.currency', 'PKR'));
    const checkIn = addDays(todayIso(), 70);
    const checkOut = addDays(checkIn, 8);
    await page.goto(`/?location=${encodeURIComponent(town)}&checkIn=${checkIn}&checkOut=${checkOut}`);
    const card = page.locator(`[data-testid="property-card"][data-property-id="${home.id}"]`);
    const stayTotal = card.getByTestId('card-stay-total');
    await expect(stayTotal).toContainText('total for 8 nights');
    const shown = /· (.+) total for/.exec((await stayTotal.textContent()) ?? '')?.[1];
    expect(shown).toMatch(/Rs/);
    await card.getByRole('link').click();
    const booking = page.getByTestId('booking-card');
    await expect(booking.getByTestId('price-breakdown')).toContainText(
      'Extra guest fee (1 guest × 8 nights)',
    );
    await expect(booking.getByTestId('total')).toHaveText(shown ?? 'missing');
  } finally {
    await page.request.put(pricing, { data: {} });
    await page.request.delete(`/api/properties/${home.id}`);
  }
});

test('the editor’s time zone follows the address the operator types, until one is picked by hand', async ({
  asAdmin: page,
}) => {
  await page.goto('/admin/listings');
  await page.getByRole('button', { name: 'Add New Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Property' });
  const zone = dialog.getByLabel('Time zone', { exact: true });
  const location = dialog.getByRole('textbox', { name: 'Location', exact: true });
  await location.fill('Alfama, Lisbon, Portugal');
  await expect(zone).toHaveValue('Europe/Lisbon');
  await location.fill('Shibuya, Tokyo');
  await expect(zone).toHaveValue('Asia/Tokyo');
  // Picked by hand: a new address no longer moves it.
  await zone.fill('Europe/Mad');
  await page.getByRole('option', { name: 'Europe/Madrid', exact: true }).click();
  await location.fill('Flat in Paris');
  await expect(zone).toHaveValue('Europe/Madrid');
  await page.keyboard.press('Escape');

  // An existing home: its stored zone holds until a new address suggests another.
  const home = await newHome(page.request, `Movetown ${Date.now().toString(36)}`);
  try {
    await page.goto('/admin/listings');
    await page.getByRole('button', { name: `Edit ${home.title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Property' });
    const editZone = edit.getByLabel('Time zone', { exact: true });
    await expect(editZone).toHaveValue('America/New_York');
    await edit.getByRole('textbox', { name: 'Location', exact: true }).fill('Rua Augusta, Lisbon, Portugal');
    await edit.getByRole('textbox', { name: 'Latitude' }).fill('38.7100');
    await edit.getByRole('textbox', { name: 'Longitude' }).fill('-9.1366');
    await expect(editZone).toHaveValue('Europe/Lisbon');
    await edit.getByRole('button', { name: 'Update Property' }).click();
    await expect(edit).toBeHidden();
    const saved = (await (await page.request.get(`/api/properties/${home.id}`)).json()) as TProperty;
    expect(saved.timeZone).toBe('Europe/Lisbon');
  } finally {
    await page.request.delete(`/api/properties/${home.id}`);
  }
});

test('a Lisbon home’s template preview states the send time on the Lisbon clock, not UTC', async ({
  asAdmin: page,
}) => {
  const home = await newHome(page.request, `Lisbontown ${Date.now().toString(36)}`);
  try {
    const { id: _id, rating: _r, reviewCount: _c, createdAt: _t, ...fields } = home;
    const put = await page.request.put(`/api/properties/${home.id}`, {
      data: { ...fields, timeZone: 'Europe/Lisbon' },
    });
    expect(put.ok(), await put.text()).toBe(true);
    // A summer stay: Lisbon is an hour ahead of UTC then.
    const year = Number(todayIso().slice(0, 4)) + 1;
    const checkIn = `${year}-07-10`;
    const booked = await page.request.post('/api/bookings', {
      data: {
        propertyId: home.id,
        checkIn,
        checkOut: `${year}-07-13`,
        guests: 2,
        contactInfo: {
          name: 'Lia Lisbon',
          email: 'lia@example.com',
          phone: '+351 21 000 0000',
          country: 'Portugal',
        },
      },
    });
    expect(booked.ok(), await booked.text()).toBe(true);
    const { id: bookingId } = (await booked.json()) as { id: number };

    await page.goto('/admin/messages');
    await page.getByRole('button', { name: 'New template' }).click();
    const editor = page.getByTestId('template-editor');
    await editor.getByLabel('When').click();
    await page.getByRole('option', { name: 'On the check-in day' }).click();
    await editor.getByLabel('Time at the home').fill('10:00');
    await editor.getByTestId('template-body').fill('Welcome, {{guest_name}}!');
    await editor.getByLabel('Preview with booking #').fill(String(bookingId));
    await editor.getByRole('button', { name: 'Preview' }).click();
    const preview = editor.getByTestId('template-preview');
    await expect(preview).toContainText(
      `Would be sent Jul 10, ${year}, 10:00 AM GMT+1, Lisbon time (Europe/Lisbon)`,
    );
    await expect(preview).not.toContainText('UTC');
  } finally {
    await page.request.delete(`/api/properties/${home.id}`);
  }
});
