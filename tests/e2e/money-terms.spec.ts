import type { APIRequestContext } from '@playwright/test';
import { addDays, formatIsoDate, todayIso } from '../../src/shared/dates.ts';
import { expect, loginAsAdmin, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { freeWindow } from './support/stay.ts';
import { choosePay, reserveToCheckout } from './support/checkout.ts';

/**
 * What the guest is told about money, the same figures on every surface (docs/payments.md#what-each-surface-states):
 * the booking card states the schedule, the confirmation the same deposit, balance and date with the
 * methods and bank details, the manage page offers what is due now, and the cancel dialog on a paid
 * booking says what is kept and what comes back, and how.
 */

const BANK = 'Transfer to StayHub Terms Bank, IBAN XX00 TERMS 0000, quoting your confirmation number.';
const schedule = {
  depositPercent: 30,
  balanceDaysBefore: 30,
  offerCard: true,
  offerBankTransfer: true,
  bankInstructions: BANK,
  offerPayOnArrival: false,
  depositDeadlineHours: 0,
  depositDeadlineAction: 'flag',
};

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

test.beforeEach(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await loginAsAdmin(admin);
  const res = await admin.put('/api/settings/payments', { data: schedule });
  expect(res.ok(), await res.text()).toBe(true);
  await admin.dispose();
});

async function instantHomes(request: APIRequestContext) {
  const homes = (await (await request.get('/api/properties')).json()) as {
    id: number;
    bookingMode?: string;
  }[];
  return homes.filter((h) => h.bookingMode !== 'request');
}

test('the card, the confirmation and the manage page state the same schedule, and Pay offers what is due now', async ({
  page,
  request,
}) => {
  const home = (await instantHomes(request)).at(-2);
  if (!home) throw new Error('no home');
  const checkIn = await freeWindow(request, home.id, 150, 3);
  const checkOut = addDays(checkIn, 3);
  const quote = await request.get(
    `/api/bookings/quote?propertyId=${home.id}&checkIn=${checkIn}&checkOut=${checkOut}&guests=2`,
  );
  const { total } = (await quote.json()) as { total: number };
  const cents = Math.round(total * 100);
  const deposit = Math.round(cents * 0.3);
  const due = formatIsoDate(addDays(checkIn, -30), true);

  await page.goto(`/property/${home.id}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
  const card = page.getByTestId('booking-card');
  await expect(card.getByText("You won't be charged yet")).toBeVisible();
  await expect(card.getByTestId('payment-terms')).toHaveText(
    `Deposit ${usd(deposit)}, due when you book; balance ${usd(cents - deposit)}, due by ${due}.`,
  );

  const form = await reserveToCheckout(page);

  await choosePay(form, 'bank_transfer');
  await form.getByLabel('Full name').fill('Tess Terms');
  await form.getByLabel('Email').fill('tess@example.com');
  await form.getByLabel('Phone').fill('+1 555 0177');
  await form.getByLabel('Country/Region').fill('Ireland');
  await form.getByRole('button', { name: 'Confirm booking' }).click();

  const confirmed = page.getByTestId('booking-confirmed');
  const payment = confirmed.getByTestId('confirmation-payment');
  await expect(payment.getByTestId('confirmation-schedule')).toHaveText(
    `Deposit ${usd(deposit)}, due now; balance ${usd(cents - deposit)}, due by ${due}.`,
  );
  await expect(payment.getByTestId('confirmation-methods')).toHaveText(
    'You can pay by card or bank transfer.',
  );
  const number = (await confirmed.getByTestId('confirmation-number').textContent()) ?? '';
  await expect(payment.getByTestId('confirmation-bank')).toHaveText(
    `Bank transfer: ${BANK} Reference: ${number}.`,
  );
  // Bank transfer was the guest's choice: the card is not pressed on them again here.
  await expect(payment.getByTestId('confirmation-choice')).toHaveText(
    "You chose bank transfer. You can still pay by card from your booking's page.",
  );
  await expect(payment.getByRole('button', { name: /^Pay now/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'confirmation with payment terms', {
    include: '[role="dialog"]',
  });

  const href = await confirmed.getByTestId('manage-link').getAttribute('href');
  await page.goto(href ?? '');
  const payments = page.getByTestId('payments-card');
  await expect(payments.getByTestId('guest-schedule')).toHaveText(
    `Deposit ${usd(deposit)}, due at booking; balance ${usd(cents - deposit)}, due by ${due}.`,
  );
  // While the deposit is unpaid, the deposit is what is due now: never the total as a 'balance'.
  await expect(payments.getByRole('button', { name: `Pay deposit (${usd(deposit)})` })).toBeVisible();
  await expect(payments.getByRole('button', { name: /^Pay balance/ })).toHaveCount(0);
});

/** A home with the stay 3 to 5 days ahead free: past a moderate policy's free window, before the stay. */
async function lateStay(request: APIRequestContext) {
  for (const home of (await instantHomes(request)).reverse()) {
    for (const ahead of [3, 4]) {
      const checkIn = addDays(todayIso(), ahead);
      if ((await freeWindow(request, home.id, ahead, 2)) !== checkIn) continue;
      const res = await request.post('/api/bookings', {
        data: {
          propertyId: home.id,
          checkIn,
          checkOut: addDays(checkIn, 2),
          guests: 1,
          contactInfo: { name: 'Lou Late', email: 'lou@example.com', phone: '+1 555 0178', country: 'Malta' },
        },
      });
      if (!res.ok()) continue;
      const b = (await res.json()) as { id: number; manageToken: string };
      const managed = (await (await request.get(`/api/bookings/manage/${b.manageToken}`)).json()) as {
        cancellationFee: number | null;
      };
      if (managed.cancellationFee && managed.cancellationFee > 0)
        return { ...b, fee: managed.cancellationFee };
    }
  }
  throw new Error('no stay past a free-cancellation deadline could be booked');
}

test('the cancel dialog on a paid booking says what is kept, what comes back and how', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const b = await lateStay(request);
  const ledger = (await (await request.get(`/api/bookings/manage/${b.manageToken}/payments`)).json()) as {
    totals: { balanceDue: number };
  };
  const paid = ledger.totals.balanceDue;
  const admin = await playwright.request.newContext({ baseURL });
  await loginAsAdmin(admin);
  const res = await admin.post(`/api/admin/bookings/${b.id}/payments`, {
    data: { amount: paid, method: 'bank_transfer', reference: `TERMS-${b.id}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await admin.dispose();

  await page.goto(`/manage/${b.manageToken}`);
  const opener = page.getByTestId('cancel-booking');
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  const kept = b.fee * 100;
  await expect(dialog.getByTestId('cancel-money')).toHaveText(
    `Of the ${usd(paid)} you paid, we keep ${usd(kept)} as the cancellation fee, and ${usd(paid - kept)} comes back to you: ${usd(paid - kept)} by bank transfer from us.`,
  );
  const confirm = dialog.getByTestId('confirm-cancel');
  await expect(confirm).toHaveText(`Cancel booking (${usd(kept)} fee)`);
  await expect(confirm).not.toContainText(/pay/i);
  await expectNoSeriousA11yViolations(page, 'cancel dialog on a paid booking', {
    include: '[role="dialog"]',
  });

  await dialog.getByRole('button', { name: 'Keep booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  for (const width of [320, 375, 414]) {
    await page.setViewportSize({ width, height: 740 });
    await opener.click();
    await expect(dialog.getByTestId('cancel-money')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, `no sideways scroll at ${width} px`).toBe(false);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
