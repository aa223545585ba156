import type { APIRequestContext } from '@playwright/test';
import { expect, loginAsAdmin, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { freeWindow } from './support/stay.ts';
import { toMinor } from '../../src/shared/money.ts';

/**
 * Payments in the browser (docs/payments.md): a guest pays the deposit and then the balance by card
 * against the Stripe stand-in (playwright.config.ts starts it; paying there sends the signed webhook),
 * downloads the invoice; the operator records a bank transfer in the booking drawer.
 */

const schedule = {
  depositPercent: 30,
  balanceDaysBefore: 30,
  offerCard: true,
  offerBankTransfer: true,
  bankInstructions: 'Transfer to StayHub E2E Bank, IBAN XX00 E2E 0000, quoting your confirmation number.',
  offerPayOnArrival: false,
  depositDeadlineHours: 0,
  depositDeadlineAction: 'flag',
};

async function bookStay(request: APIRequestContext, daysAhead: number, name: string) {
  const homes = (await (await request.get('/api/properties')).json()) as { id: number }[];
  const home = homes[homes.length - 1];
  if (!home) throw new Error('no home');
  const checkIn = await freeWindow(request, home.id, daysAhead, 2);
  const checkOut = new Date(Date.parse(`${checkIn}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
  const res = await request.post('/api/bookings', {
    data: {
      propertyId: home.id,
      checkIn,
      checkOut,
      guests: 1,
      contactInfo: { name, email: 'payer@example.com', phone: '+1 555 0123', country: 'Norway' },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as {
    id: number;
    totalPrice: number;
    manageToken: string;
    confirmationNumber: string;
  };
}

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

test.beforeEach(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await loginAsAdmin(admin);
  const res = await admin.put('/api/settings/payments', { data: schedule });
  expect(res.ok(), await res.text()).toBe(true);
  expect(((await res.json()) as { cardAvailable: boolean }).cardAvailable).toBe(true);
  await admin.dispose();
});

test('a guest pays the deposit and then the balance by card, and downloads the invoice', async ({
  page,
  request,
}) => {
  const b = await bookStay(request, 70, 'Card Payer');
  const total = toMinor(b.totalPrice);
  const deposit = Math.round(total * 0.3);
  await page.goto(`/manage/${b.manageToken}`);
  const card = page.getByTestId('payments-card');
  await expect(card.getByTestId('guest-payment-status')).toHaveText('Unpaid');
  await expect(card.getByTestId('guest-due')).toHaveText(usd(total));
  await expectNoSeriousA11yViolations(page, 'manage page with payments', { exclude: ['.leaflet-tile-pane'] });

  await card.getByRole('button', { name: `Pay deposit (${usd(deposit)})` }).click();
  await expect(page.getByRole('heading', { name: `Pay ${(deposit / 100).toFixed(2)} USD` })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${b.manageToken}\\?payment=done`));
  await expect(card.getByTestId('guest-payment-status')).toHaveText('Deposit paid');
  await expect(card.getByTestId('guest-paid')).toHaveText(usd(deposit));

  await card.getByRole('button', { name: `Pay balance (${usd(total - deposit)})` }).click();
  await expect(
    page.getByRole('heading', { name: `Pay ${((total - deposit) / 100).toFixed(2)} USD` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(card.getByTestId('guest-payment-status')).toHaveText('Paid');
  await expect(card.getByTestId('guest-due')).toHaveText(usd(0));

  const link = card.getByRole('link', { name: 'Download invoice (PDF)' });
  const res = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(res.headers()['content-type']).toBe('application/pdf');
  const pdf = await res.body();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // pdfkit writes each text run as hex codes: the booking's number is on the page.
  expect(pdf.toString('latin1')).toContain(Buffer.from(b.confirmationNumber, 'latin1').toString('hex'));
});

test('the operator records a bank transfer in the booking drawer and sees the balance change', async ({
  asAdmin: page,
  request,
}) => {
  const b = await bookStay(request, 100, 'Bank Payer');
  const total = toMinor(b.totalPrice);
  await page.goto(`/admin/bookings?q=${b.confirmationNumber}`);
  await page.getByRole('button', { name: `Details of booking #${b.id}` }).click();
  const drawer = page.getByRole('dialog', { name: `Booking #${b.id}` });
  const ledger = drawer.getByTestId('booking-payments');
  await expect(ledger.getByTestId('ledger-balance')).toHaveText(usd(total));
  const opener = ledger.getByRole('button', { name: 'Record payment' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await dialog.getByLabel('Amount (USD)').fill('50');
  await dialog.getByLabel('Reference (optional)').fill('E2E-TRANSFER-1');
  await expectNoSeriousA11yViolations(page, 'record payment dialog', { include: '.mantine-Modal-content' });
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(ledger.getByTestId('ledger-balance')).toHaveText(usd(total - 5000));
  await expect(ledger.getByTestId('payment-status')).toHaveText('Unpaid');
  await expect(ledger.getByRole('table', { name: 'Ledger' })).toContainText('E2E-TRANSFER-1');
  await expect(opener).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'booking drawer with payments');

  await page.goto('/admin/payments');
  await page.locator('.mantine-SegmentedControl-label', { hasText: /^Received$/ }).click();
  await expect(page.getByRole('radio', { name: 'Received' })).toBeChecked();
  await expect(page.getByRole('table', { name: 'Payments' })).toContainText('E2E-TRANSFER-1');
  await expectNoSeriousA11yViolations(page, 'payments page');
});

test('the operator adds a late check-out charge in the booking drawer; it is owed and the invoice links', async ({
  asAdmin: page,
  request,
}) => {
  const b = await bookStay(request, 100, 'Adjusted Guest');
  const total = b.totalPrice * 100;
  await page.goto(`/admin/bookings?q=${b.confirmationNumber}`);
  await page.getByRole('button', { name: `Details of booking #${b.id}` }).click();
  const drawer = page.getByRole('dialog', { name: `Booking #${b.id}` });
  const ledger = drawer.getByTestId('booking-payments');
  const opener = ledger.getByRole('button', { name: 'Add adjustment' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Add adjustment' });
  await dialog.getByLabel('Amount (USD)').fill('25.50');
  await dialog.getByLabel('Reason').fill('Late check-out');
  await expectNoSeriousA11yViolations(page, 'adjustment dialog', { include: '.mantine-Modal-content' });
  await dialog.getByRole('button', { name: 'Add adjustment' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(ledger.getByTestId('ledger-balance')).toHaveText(usd(total + 2550));
  await expect(ledger.getByTestId('ledger-adjustments')).toHaveText(usd(2550));
  await expect(ledger.getByRole('table', { name: 'Ledger' })).toContainText('Charge · Late check-out');
  await expect(opener).toBeFocused();
  const invoice = ledger.getByRole('link', { name: /^Invoice/ });
  const res = await page.request.get((await invoice.getAttribute('href')) ?? '');
  expect(res.headers()['content-type']).toBe('application/pdf');
});
