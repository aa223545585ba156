import sharp from 'sharp';
import { expect, loginAsAdmin, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';

/**
 * The damage deposit in the booking drawer (docs/payments.md#damage-deposit): a home asks $300.00; the
 * guest has no saved card, so the operator records it received, then claims part of it with a reason in
 * the 'Claim from deposit' dialog, by keyboard. The claim is a damage charge and its payment in the
 * ledger; what the booking owes does not move.
 */

test('the operator records a deposit received and claims part of it in the drawer, by keyboard', async ({
  asAdmin: page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await loginAsAdmin(admin);
  const image = async (n: number) =>
    `data:image/png;base64,${(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30 * n, g: 60, b: 90 } } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
  const created = await admin.post('/api/properties', {
    data: {
      title: 'Deposit Cottage',
      description: 'A home that asks a damage deposit.',
      location: 'Bergen, Norway',
      latitude: '60.3913',
      longitude: '5.3221',
      price: 180,
      bedrooms: 2,
      bathrooms: 1,
      maxGuests: 4,
      propertyType: 'house',
      images: await Promise.all([1, 2, 3, 4, 5].map(image)),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const home = (await created.json()) as { id: number };
  const priced = await admin.put(`/api/properties/${home.id}/pricing`, { data: { securityDeposit: 300 } });
  expect(priced.ok(), await priced.text()).toBe(true);
  const checkIn = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
  const checkOut = new Date(Date.now() + 123 * 86_400_000).toISOString().slice(0, 10);
  const booked = await admin.post('/api/bookings', {
    data: {
      propertyId: home.id,
      checkIn,
      checkOut,
      guests: 2,
      contactInfo: {
        name: 'Dana Deposit',
        email: 'dana@example.com',
        phone: '+1 555 0142',
        country: 'Norway',
      },
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  const b = (await booked.json()) as { id: number; confirmationNumber: string };
  await admin.dispose();

  await page.goto(`/admin/bookings?q=${b.confirmationNumber}`);
  await page.getByRole('button', { name: `Details of booking #${b.id}` }).click();
  const drawer = page.getByRole('dialog', { name: `Booking #${b.id}` });
  const ledger = drawer.getByTestId('booking-payments');
  const deposit = ledger.getByTestId('damage-deposit');
  await expect(deposit.getByRole('heading', { name: 'Damage deposit $300.00' })).toBeVisible();
  await expect(deposit.getByTestId('deposit-status')).toHaveText('Not taken yet');
  const balance = (await ledger.getByTestId('ledger-balance').textContent()) ?? '';
  const charged = (await ledger.getByTestId('ledger-charged').textContent()) ?? '';

  // Recorded received, by keyboard: focus the button, Enter, choose cash, submit with Enter.
  const receivedButton = deposit.getByRole('button', { name: 'Record deposit received' });
  await receivedButton.focus();
  await page.keyboard.press('Enter');
  const receivedDialog = page.getByRole('dialog', { name: 'Record deposit received' });
  await expect(receivedDialog).toBeVisible();
  await receivedDialog.getByLabel('Reference (optional)').fill('Key box envelope');
  await page.keyboard.press('Enter');
  await expect(receivedDialog).toHaveCount(0);
  await expect(deposit.getByTestId('deposit-status')).toHaveText('Received');
  // Never revenue: receiving it changes nothing the booking charges or owes.
  await expect(ledger.getByTestId('ledger-balance')).toHaveText(balance);
  await expect(ledger.getByTestId('ledger-charged')).toHaveText(charged);

  // Escape closes the claim dialog and gives focus back to its opener.
  const opener = deposit.getByRole('button', { name: 'Claim from deposit' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Claim from deposit' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Amount (USD)')).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'claim from deposit dialog', {
    include: '.mantine-Modal-content',
  });
  // On the narrowest phone the dialog fits the screen, its fields and buttons within reach.
  await page.setViewportSize({ width: 320, height: 640 });
  for (const target of [dialog.getByLabel('Amount (USD)'), dialog.getByRole('button', { name: 'Claim' })]) {
    const box = await target.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(drawer).toBeVisible();
  await expect(opener).toBeFocused();

  // More than the deposit is refused with the server's words, inside the dialog.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.type('350');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Broken window');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(
    'A claim cannot be more than the deposit held ($300.00)',
  );

  await dialog.getByLabel('Amount (USD)').fill('120.50');
  await dialog.getByLabel('Amount (USD)').press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(deposit.getByTestId('deposit-status')).toHaveText('Claimed');
  await expect(deposit.getByTestId('deposit-claim')).toHaveText('Claimed $120.50: Broken window');
  // Its opener is gone (nothing left to claim): focus is on the deposit's heading, inside the drawer.
  await expect(deposit.getByRole('heading', { name: 'Damage deposit $300.00' })).toBeFocused();
  await expect(ledger.getByRole('table', { name: 'Ledger' })).toContainText('Damage: Broken window');
  // The claim is charged and paid at once: the balance due is where it was.
  await expect(ledger.getByTestId('ledger-balance')).toHaveText(balance);
  await expect(ledger.getByTestId('ledger-adjustments')).toHaveText('$120.50');

  // The rest goes back, recorded by hand.
  await deposit.getByRole('button', { name: 'Record deposit returned' }).click();
  await expect(deposit.getByTestId('deposit-claim')).toHaveText(
    'Claimed $120.50: Broken window; $179.50 returned or released',
  );
  await expectNoSeriousA11yViolations(page, 'booking drawer with a damage deposit');
});
