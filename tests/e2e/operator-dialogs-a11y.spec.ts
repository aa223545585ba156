import type { Locator, Page } from '@playwright/test';
import { addDays } from '../../src/shared/dates.ts';
import type { TProperty } from '../../src/shared/schemas/property.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { freeWindow } from './support/stay.ts';

/**
 * The operator's booking dialogs and the guest's change request (docs/booking-operations.md), at a phone's
 * and a laptop's width: no serious axe violation, usable from the keyboard, and Escape gives focus back to
 * the control that opened the dialog (or the party's disclosure). Each test works on a copy of a demo home
 * of its own, with a pet fee, archived at the end.
 */

test.use({ signedIn: 'admin' });

const WIDTHS = [375, 1280] as const;
const MODAL = '.mantine-Modal-content';

/** A copy of a demo home that takes pets for a fee, so a party change moves the price. */
async function ownHome(page: Page): Promise<TProperty> {
  const homes = (await (await page.request.get('/api/properties')).json()) as TProperty[];
  const source = homes.find((h) => h.maxGuests >= 4) ?? homes[0];
  if (!source) throw new Error('the demo seed should have homes');
  const copied = await page.request.post(`/api/properties/${source.id}/duplicate`, { data: {} });
  expect(copied.ok(), await copied.text()).toBe(true);
  const home = (await copied.json()) as TProperty;
  const pricing = await page.request.put(`/api/properties/${home.id}/pricing`, {
    data: { petFee: 25, petsAllowed: true },
  });
  expect(pricing.ok(), await pricing.text()).toBe(true);
  return home;
}

/** Opens a dialog from the keyboard, as a keyboard user would: focus on the opener, then Enter. */
async function openByKeyboard(opener: Locator, dialog: Locator): Promise<void> {
  await opener.focus();
  await opener.press('Enter');
  await expect(dialog).toBeVisible();
}

/** Tab stays inside an open dialog (its focus trap), a few steps either way. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
}

test('New booking: axe, keyboard and focus back on the opener, at 375 and 1280 px', async ({ page }) => {
  await page.goto('/admin/bookings');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const opener = page.getByRole('button', { name: 'New booking' });
    const dialog = page.getByRole('dialog', { name: 'New booking' });
    await openByKeyboard(opener, dialog);
    await expectNoSeriousA11yViolations(page, `new booking dialog at ${width} px`, { include: MODAL });
    await expectFocusTrapped(page, dialog);
    // The party picker opens and closes from the keyboard without closing the dialog.
    const party = dialog.getByRole('button', { name: /^Guests/ });
    await party.focus();
    await party.press('Enter');
    await expect(party).toHaveAttribute('aria-expanded', 'true');
    await dialog.getByRole('button', { name: 'Increase infants' }).press('Enter');
    await expect(dialog.getByTestId('guests-count')).toHaveText('2 guests, 1 infant');
    await page.keyboard.press('Escape');
    await expect(party).toHaveAttribute('aria-expanded', 'false');
    await expect(party).toBeFocused();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
});

test('Change booking: the whole party re-quoted, axe, keyboard and focus back on the opener, at 375 and 1280 px', async ({
  page,
}) => {
  const home = await ownHome(page);
  try {
    const checkIn = await freeWindow(page.request, home.id, 60, 2);
    const made = await page.request.post('/api/admin/bookings', {
      data: {
        propertyId: home.id,
        checkIn,
        checkOut: addDays(checkIn, 2),
        guests: 2,
        source: 'phone',
        guest: { name: 'Dora Dialog' },
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const booking = (await made.json()) as { id: number; confirmationNumber: string; totalPrice: number };

    await page.goto(`/admin/bookings?booking=${booking.id}`);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const drawer = page.getByRole('dialog', { name: `Booking #${booking.id}` });
      const opener = drawer.getByRole('button', { name: 'Change booking' });
      const dialog = page.getByRole('dialog', { name: `Change booking ${booking.confirmationNumber}` });
      await openByKeyboard(opener, dialog);
      await expectFocusTrapped(page, dialog);
      // At 1280 px axe runs once the review is shown: the form and the re-quoted lines together.
      if (width === 375)
        await expectNoSeriousA11yViolations(page, `change booking dialog at ${width} px`, { include: MODAL });
      if (width === 1280) {
        // An adult, a child, an infant and a pet more, all from the keyboard, then reviewed and saved.
        const party = dialog.getByRole('button', { name: /^Guests/ });
        await party.focus();
        await party.press('Enter');
        for (const who of ['adults', 'children', 'infants', 'pets'])
          await dialog.getByRole('button', { name: `Increase ${who}` }).press('Enter');
        await expect(dialog.getByTestId('guests-count')).toHaveText('4 guests, 1 infant, 1 pet');
        await page.keyboard.press('Escape');
        await expect(party).toBeFocused();
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: 'Review change' }).press('Enter');
        const lines = dialog.getByTestId('change-lines');
        await expect(lines).toContainText('2 nights');
        await expect(lines).toContainText('Pet fee');
        await expect(dialog.getByTestId('change-difference')).toContainText('more to pay');
        await expectNoSeriousA11yViolations(page, `change booking review at ${width} px`, { include: MODAL });
        await dialog.getByRole('button', { name: 'Save change' }).press('Enter');
        await expect(dialog).toBeHidden();
        await expect(page.getByText(`Booking ${booking.confirmationNumber} changed`)).toBeVisible();
        await expect(drawer.getByText('4 guests, 1 infant, 1 pet', { exact: true }).first()).toBeVisible();
        const detail = await (await page.request.get(`/api/bookings/${booking.id}/detail`)).json();
        expect(detail).toMatchObject({ guests: 4, children: 1, infants: 1, pets: 1 });
        expect((detail.price.lines as { kind: string }[]).map((l) => l.kind)).toContain('petFee');
        expect(detail.totalPrice).toBeGreaterThan(booking.totalPrice);
        // Opened again, the dialog starts from the party as booked; Escape closes it alone.
        await openByKeyboard(opener, dialog);
        await expect(dialog.getByTestId('guests-count')).toHaveText('4 guests, 1 infant, 1 pet');
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(drawer).toBeVisible();
      await expect(opener).toBeFocused();
    }
  } finally {
    await page.request.delete(`/api/properties/${home.id}`);
  }
});

test("the guest's change request and the operator's request card: axe and keyboard at 375 and 1280 px", async ({
  page,
}) => {
  const home = await ownHome(page);
  try {
    const checkIn = await freeWindow(page.request, home.id, 60, 6);
    const made = await page.request.post('/api/bookings', {
      data: {
        propertyId: home.id,
        checkIn,
        checkOut: addDays(checkIn, 2),
        guests: 2,
        pets: 1,
        contactInfo: {
          name: 'Cleo Change',
          email: 'cleo.change@example.com',
          phone: '+1 555 0177',
          country: 'Chile',
        },
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const booking = (await made.json()) as { id: number; confirmationNumber: string; manageToken: string };

    await page.goto(`/manage/${booking.manageToken}`);
    const card = page.getByTestId('change-request-card');
    // The picker starts from the party as booked, named as the stay's facts name it.
    await expect(page.getByTestId('managed-party')).toHaveText('2 guests, 1 pet');
    await expect(card.getByTestId('guests-count')).toHaveText('2 guests, 1 pet');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoSeriousA11yViolations(page, `change request card at ${width} px`, {
        include: '[data-testid="change-request-card"]',
      });
      // The party's disclosure: opened with Enter, Escape closes it and leaves focus on its button.
      const party = card.getByRole('button', { name: /^Guests/ });
      await party.focus();
      await party.press('Enter');
      await expect(party).toHaveAttribute('aria-expanded', 'true');
      if (width === 375) await card.getByRole('button', { name: 'Increase children' }).press('Enter');
      await expect(card.getByTestId('guests-count')).toHaveText('3 guests, 1 pet');
      await page.keyboard.press('Escape');
      await expect(party).toHaveAttribute('aria-expanded', 'false');
      await expect(party).toBeFocused();
    }
    // Sent from the keyboard: the request names the whole party, kept as the guest chose it.
    await card.getByLabel('New check-out').fill(addDays(checkIn, 3));
    await card.getByRole('button', { name: 'Ask for a change' }).press('Enter');
    await expect(card.getByTestId('change-request-status')).toContainText('3 guests, 1 pet, is waiting');

    // The operator's card in the drawer names it the same way. The admin's first load brings its own
    // bundle, slow on a busy two-core machine (as in booking-requests.spec.ts).
    await page.goto(`/admin/bookings?booking=${booking.id}`);
    const request = page
      .getByRole('dialog', { name: `Booking #${booking.id}` })
      .getByTestId('change-request');
    await expect(request).toContainText('3 guests, 1 pet', { timeout: 30_000 });
    await expectNoSeriousA11yViolations(page, 'change request in the drawer at 1280 px', {
      include: '[data-testid="change-request"]',
    });
    const requests = await (
      await page.request.get(`/api/admin/bookings/${booking.id}/change-requests`)
    ).json();
    expect(requests[0]).toMatchObject({ guests: 3, children: 1, pets: 1, status: 'pending' });
  } finally {
    await page.request.delete(`/api/properties/${home.id}`);
  }
});
