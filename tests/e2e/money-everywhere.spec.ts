import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { addDays } from '../../src/shared/dates.ts';
import { formatMinor } from '../../src/shared/payments.ts';
import { pdfText } from '../support/pdf-text.ts';
import { expect, loginAsAdmin, test } from './fixtures.ts';
import { choosePay, fillContact, reserveToCheckout } from './support/checkout.ts';
import { freeWindow } from './support/stay.ts';

/**
 * The same money on every surface (docs/payments.md#what-each-surface-states), for three stays: the
 * booking card, the confirmation, the guest's emails, the manage page, the admin drawer, the invoice and,
 * for a late cancellation, the credit note all state the figures of the booking's money facts (the
 * payments answer's charges and totals), and those add up.
 */

const BANK = 'Transfer to StayHub Figures Bank, IBAN XX00 FIG 0000, quoting your confirmation number.';
const schedule = {
  depositPercent: 30,
  balanceDaysBefore: 30,
  offerCard: false,
  offerBankTransfer: true,
  bankInstructions: BANK,
  offerPayOnArrival: false,
  depositDeadlineHours: 0,
  depositDeadlineAction: 'flag',
};

const usd = (minor: number) => formatMinor(minor, 'USD');

interface TPayments {
  charges: { label: string; amount: number }[];
  totals: { charged: number; net: number; balanceDue: number; refundDue: number; retained: number };
  schedule: { deposit: number; balance: number };
  invoiceNumber: string | null;
  documents: { kind: string; number: string; total: number }[];
}

let admin: APIRequestContext;

test.beforeEach(async ({ playwright, baseURL }) => {
  admin = await playwright.request.newContext({ baseURL });
  await loginAsAdmin(admin);
  const res = await admin.put('/api/settings/payments', { data: schedule });
  expect(res.ok(), await res.text()).toBe(true);
});
test.afterEach(async () => {
  await admin.dispose();
});

/** A new home of the test's own, with the price rules given (docs/money.md). */
async function newHome(
  title: string,
  pricing: Record<string, unknown>,
  rates: Record<string, unknown>[] = [],
) {
  const image = async (n: number) =>
    `data:image/png;base64,${(
      await sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: 40 * n, g: 90, b: 120 } },
      })
        .png()
        .toBuffer()
    ).toString('base64')}`;
  const res = await admin.post('/api/properties', {
    data: {
      title,
      description: 'A home for the money checks.',
      location: 'Paris, France',
      latitude: '48.8566',
      longitude: '2.3522',
      price: 235,
      bedrooms: 3,
      bathrooms: 2,
      maxGuests: 5,
      propertyType: 'house',
      images: await Promise.all([1, 2, 3, 4, 5].map(image)),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const home = (await res.json()) as { id: number };
  const priced = await admin.put(`/api/properties/${home.id}/pricing`, { data: pricing });
  expect(priced.ok(), await priced.text()).toBe(true);
  for (const rate of rates) {
    const r = await admin.post(`/api/properties/${home.id}/rates`, { data: rate });
    expect(r.ok(), await r.text()).toBe(true);
  }
  return home;
}

/** Books on the property page's card as a guest would; answers the confirmation's number and manage link. */
async function bookOnCard(
  page: Page,
  stay: {
    homeId: number;
    checkIn: string;
    checkOut: string;
    adults: number;
    children?: number;
    infants?: number;
    pets?: number;
  },
  guest: { name: string; email: string },
) {
  await page.goto(
    `/property/${stay.homeId}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=${stay.adults}`,
  );
  const card = page.getByTestId('booking-card');
  const extras = [
    ['children', stay.children ?? 0],
    ['infants', stay.infants ?? 0],
    ['pets', stay.pets ?? 0],
  ] as const;
  if (extras.some(([, n]) => n > 0)) {
    await card.getByRole('button', { name: /^Guests/ }).click();
    for (const [noun, n] of extras)
      for (let i = 0; i < n; i++) await card.getByRole('button', { name: `Increase ${noun}` }).click();
    await page.keyboard.press('Escape');
  }
  // The party's own quote, not the one before the last tap: the card re-renders for a tap in a
  // transition, and shows the quote before it (not yet marked busy) until then. So the card is read once
  // it states the server's quote for this very party.
  const party = Object.fromEntries(extras.filter(([, n]) => n > 0).map(([noun, n]) => [noun, String(n)]));
  const query = new URLSearchParams({
    propertyId: String(stay.homeId),
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: String(stay.adults),
    ...party,
  });
  const quoted = await page.request.get(`/api/bookings/quote?${query.toString()}`);
  expect(quoted.ok(), await quoted.text()).toBe(true);
  const { total } = (await quoted.json()) as { total: number };
  await expect(card.getByTestId('total')).toHaveText(usd(Math.round(total * 100)));
  await expect(card.getByTestId('price-breakdown')).not.toHaveAttribute('aria-busy');
  const cardTotal = (await card.getByTestId('total').textContent()) ?? '';
  const cardLines = await card.getByTestId('price-breakdown').innerText();
  // Reserve opens the checkout, which states the same lines and total before the guest commits.
  const checkout = await reserveToCheckout(page);
  const checkoutTotal = (await checkout.getByTestId('total').textContent()) ?? '';
  await choosePay(checkout, 'bank_transfer');
  await fillContact(checkout, { name: guest.name, email: guest.email, country: 'France' });
  await checkout.getByRole('button', { name: 'Confirm booking' }).click();
  const confirmed = page.getByTestId('booking-confirmed');
  await expect(confirmed).toBeVisible();
  const number = ((await confirmed.getByTestId('confirmation-number').textContent()) ?? '').trim();
  return {
    number,
    cardTotal,
    checkoutTotal,
    cardLines,
    confirmedTotal: (await confirmed.getByTestId('confirmed-total').textContent()) ?? '',
    schedule: (await confirmed.getByTestId('confirmation-schedule').textContent()) ?? '',
    manageHref: (await confirmed.getByTestId('manage-link').getAttribute('href')) ?? '',
  };
}

async function bookingByNumber(number: string): Promise<{ id: number }> {
  const res = await admin.get(`/api/bookings/page?q=${number}`);
  const list = (await res.json()) as { items: { id: number; confirmationNumber: string }[] };
  const b = list.items.find((x) => x.confirmationNumber === number);
  if (!b) throw new Error(`no booking ${number}`);
  return b;
}

async function paymentsOf(id: number): Promise<TPayments> {
  const res = await admin.get(`/api/admin/bookings/${id}/payments`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as TPayments;
}

/** The guest's email whose subject starts so, once the queue has rendered it. */
async function emailHtml(to: string, subject: string): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        const list = (await (await admin.get('/api/admin/emails?pageSize=100')).json()) as {
          items: { subject: string; to: string; html: string | null }[];
        };
        html = list.items.find((e) => e.to === to && e.subject.startsWith(subject))?.html ?? '';
        return html.length > 0;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return html;
}

/** The PDF at `path` (the admin's copy), as text. */
async function pdf(path: string): Promise<string> {
  const res = await admin.get(path);
  expect(res.status(), path).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  return pdfText(Buffer.from(await res.body()));
}

/** Every line of the facts and their total on the invoice, the manage page and the drawer. */
async function expectFactsEverywhere(page: Page, b: { id: number; number: string; manageHref: string }) {
  const facts = await paymentsOf(b.id);
  // The facts add up: the lines make what the booking charges.
  expect(facts.charges.reduce((s, l) => s + l.amount, 0)).toBe(facts.totals.charged);

  await page.goto(b.manageHref);
  const payments = page.getByTestId('payments-card');
  await expect(payments.getByTestId('charge-line')).toHaveCount(facts.charges.length);
  for (const [i, line] of facts.charges.entries())
    await expect(payments.getByTestId('charge-line').nth(i)).toContainText(usd(line.amount));
  await expect(payments.getByTestId('charges-total')).toHaveText(usd(facts.totals.charged));
  await expect(payments.getByTestId('guest-paid')).toHaveText(usd(facts.totals.net));
  await expect(payments.getByTestId('guest-due')).toHaveText(usd(facts.totals.balanceDue));

  await loginAsAdmin(page.request);
  await page.goto(`/admin/bookings?q=${b.number}`);
  await page.getByRole('button', { name: `Details of booking #${b.id}` }).click();
  const ledger = page.getByRole('dialog', { name: `Booking #${b.id}` }).getByTestId('booking-payments');
  await expect(ledger.getByTestId('ledger-charged')).toHaveText(usd(facts.totals.charged));
  await expect(ledger.getByTestId('ledger-paid')).toHaveText(usd(facts.totals.net));
  await expect(ledger.getByTestId('ledger-balance')).toHaveText(usd(facts.totals.balanceDue));

  const invoice = await pdf(`/api/admin/bookings/${b.id}/invoice.pdf`);
  for (const line of facts.charges) expect(invoice, line.label).toContain(usd(line.amount));
  expect(invoice).toContain(usd(facts.totals.charged));
  expect(invoice).toContain(b.number);
  const again = await paymentsOf(b.id);
  expect(again.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
  expect(invoice).toContain(again.invoiceNumber ?? '');
  return again;
}

test('a stay with every price rule, cancelled late: the same figures from the card to the credit note', async ({
  page,
}) => {
  test.slow();
  const home = await newHome(
    `Figures house ${Date.now().toString(36)}`,
    {
      cleaningFee: 80,
      extraGuestFee: 10,
      extraGuestsAbove: 2,
      petFee: 20,
      petsAllowed: true,
      weeklyDiscount: 10,
      lastMinuteDiscount: 15,
      lastMinuteDays: 7,
      touristTaxPerPerson: 2.5,
    },
    [{ kind: 'weekend', nightlyPrice: 260.5 }],
  );
  const checkIn = await freeWindow(admin, home.id, 3, 7);
  const checkOut = addDays(checkIn, 7);
  // A season over the stay's last two nights.
  const season = await admin.post(`/api/properties/${home.id}/rates`, {
    data: { kind: 'season', startDate: addDays(checkIn, 5), endDate: checkOut, nightlyPrice: 199.99 },
  });
  expect(season.ok(), await season.text()).toBe(true);
  const email = `figures-${Date.now().toString(36)}@example.com`;
  const b = await bookOnCard(
    page,
    { homeId: home.id, checkIn, checkOut, adults: 3, children: 1, infants: 1, pets: 1 },
    { name: 'Fran Figures', email },
  );
  const { id } = await bookingByNumber(b.number);
  const facts = await paymentsOf(id);
  const kinds = facts.charges.map((l) => l.label).join(' | ');
  for (const label of [
    'Weekly discount',
    'Last-minute discount',
    'Cleaning fee',
    'Extra guest fee',
    'Pet fee',
    'GST',
    'Tourist tax',
  ])
    expect(kinds, label).toContain(label);
  // The card, the checkout, the confirmation and the booking email state the same total and lines.
  expect(b.cardTotal).toBe(usd(facts.totals.charged));
  expect(b.checkoutTotal).toBe(usd(facts.totals.charged));
  expect(b.confirmedTotal).toBe(usd(facts.totals.charged));
  for (const line of facts.charges.filter((l) => !/night/.test(l.label)))
    expect(b.cardLines, line.label).toContain(usd(Math.abs(line.amount)));
  // Inside the balance window the whole amount is the deposit, due now.
  expect(facts.schedule.balance).toBe(0);
  expect(b.schedule).toBe(`The full amount, ${usd(facts.totals.charged)}, is due now.`);
  const booked = await emailHtml(email, 'Booking confirmed');
  expect(booked).toContain(usd(facts.totals.charged));
  expect(booked).toContain(usd(facts.schedule.deposit));

  // The deposit arrives by bank transfer; then the guest cancels, past the free-cancellation deadline.
  const paid = await admin.post(`/api/admin/bookings/${id}/payments`, {
    data: { amount: facts.schedule.deposit, method: 'bank_transfer', reference: `FIG-${id}` },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  await page.goto(b.manageHref);
  await page.getByTestId('cancel-booking').click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  const said = (await dialog.getByTestId('cancel-money').textContent()) ?? '';
  expect(said).toContain(usd(facts.schedule.deposit));
  await dialog.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('booking-status')).toContainText(/cancel/i);

  const after = await expectFactsEverywhere(page, { id, number: b.number, manageHref: b.manageHref });
  const kept = after.totals.retained;
  expect(said).toContain(`we keep ${usd(kept)}`);
  expect(after.totals.refundDue).toBe(facts.schedule.deposit - kept);
  // The credit note: numbered, crediting what the booking no longer charges, attached to the email.
  const note = after.documents.find((d) => d.kind === 'credit_note');
  if (!note) throw new Error('no credit note');
  expect(note.total).toBe(after.totals.charged - kept);
  const credit = await pdf(`/api/admin/bookings/${id}/credit-notes/${note.number}.pdf`);
  expect(credit).toContain(note.number);
  expect(credit).toContain(usd(note.total));
  const cancelled = await emailHtml(email, 'Booking cancelled');
  expect(cancelled).toContain(note.number);
  expect(cancelled).toContain(usd(kept));
  expect(cancelled).toContain(usd(after.totals.refundDue));
});

test('a plain stay paid in full: the same figures on the card, the confirmation, the pages and the invoice', async ({
  page,
}) => {
  const home = await newHome(`Plain house ${Date.now().toString(36)}`, { cleaningFee: 45 });
  const checkIn = await freeWindow(admin, home.id, 60, 3);
  const email = `plain-${Date.now().toString(36)}@example.com`;
  const b = await bookOnCard(
    page,
    { homeId: home.id, checkIn, checkOut: addDays(checkIn, 3), adults: 2 },
    { name: 'Pat Plain', email },
  );
  const { id } = await bookingByNumber(b.number);
  const facts = await paymentsOf(id);
  expect(b.cardTotal).toBe(usd(facts.totals.charged));
  expect(b.confirmedTotal).toBe(usd(facts.totals.charged));
  const paid = await admin.post(`/api/admin/bookings/${id}/payments`, {
    data: { amount: facts.totals.charged, method: 'bank_transfer', reference: `PLAIN-${id}` },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const after = await expectFactsEverywhere(page, { id, number: b.number, manageHref: b.manageHref });
  expect(after.totals).toMatchObject({ net: facts.totals.charged, balanceDue: 0, refundDue: 0 });
  expect(await emailHtml(email, 'Booking confirmed')).toContain(usd(facts.totals.charged));
});

test('a goodwill refund on a paid stay: the credit is a line everywhere and nothing is due again', async ({
  page,
}) => {
  const home = await newHome(`Goodwill house ${Date.now().toString(36)}`, { weeklyDiscount: 5 });
  const checkIn = await freeWindow(admin, home.id, 70, 4);
  const b = await bookOnCard(
    page,
    { homeId: home.id, checkIn, checkOut: addDays(checkIn, 4), adults: 2 },
    { name: 'Gil Goodwill', email: `goodwill-${Date.now().toString(36)}@example.com` },
  );
  const { id } = await bookingByNumber(b.number);
  const facts = await paymentsOf(id);
  expect(b.cardTotal).toBe(usd(facts.totals.charged));
  await admin.post(`/api/admin/bookings/${id}/payments`, {
    data: { amount: facts.totals.charged, method: 'bank_transfer', reference: `GOOD-${id}` },
  });
  const refund = await admin.post(`/api/admin/bookings/${id}/refunds`, {
    data: { amount: 10_050, reason: 'Noisy works next door', method: 'bank_transfer', goodwill: true },
  });
  expect(refund.ok(), await refund.text()).toBe(true);
  const after = await expectFactsEverywhere(page, { id, number: b.number, manageHref: b.manageHref });
  expect(after.charges.at(-1)).toMatchObject({
    label: 'Credit: Goodwill: Noisy works next door',
    amount: -10_050,
  });
  expect(after.totals).toMatchObject({ charged: facts.totals.charged - 10_050, balanceDue: 0, refundDue: 0 });
});
