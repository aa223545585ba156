import { addDays } from '../../src/shared/dates.ts';
import { formatMoney } from '../../src/shared/money.ts';
import { expect, loginAsAdmin, test } from './fixtures.ts';
import { freeWindow } from './support/stay.ts';
import { choosePay, reserveToCheckout } from './support/checkout.ts';

/** Fees, discounts and taxes (docs/money.md), as a guest and the operator meet them. */

const RULES = {
  cleaningFee: 45,
  extraGuestFee: 12,
  extraGuestsAbove: 2,
  weeklyDiscount: 10,
  touristTaxPerPerson: 2,
};
const LINES = [
  'Weekly discount (10%)',
  'Cleaning fee',
  'Extra guest fee (1 guest × 7 nights)',
  'GST',
  'Tourist tax (3 guests × 7 nights)',
];

test('a guest sees every line of a home with fees and a weekly discount on the card, and the same in the email', async ({
  page,
}) => {
  await loginAsAdmin(page.request);
  const homes = (await (await page.request.get('/api/properties')).json()) as {
    id: number;
    maxGuests: number;
  }[];
  const home = homes.find((h) => h.maxGuests >= 3);
  if (!home) throw new Error('the demo seed should have a home for 3');
  const pricingPath = `/api/properties/${home.id}/pricing`;
  expect((await page.request.put(pricingPath, { data: RULES })).status()).toBe(200);
  try {
    const checkIn = await freeWindow(page.request, home.id, 45, 7);
    const checkOut = addDays(checkIn, 7);
    const quote = (await (
      await page.request.get(
        `/api/bookings/quote?propertyId=${home.id}&checkIn=${checkIn}&checkOut=${checkOut}&guests=3`,
      )
    ).json()) as { total: number; lines: { label: string; amount: number }[] };
    expect(quote.lines).toHaveLength(5);

    await page.goto(`/property/${home.id}?checkIn=${checkIn}&checkOut=${checkOut}&guests=3`);
    const card = page.getByTestId('booking-card');
    const breakdown = card.getByTestId('price-breakdown');
    for (const label of LINES) await expect(breakdown).toContainText(label);
    await expect(breakdown.getByTestId('line-weeklyDiscount')).toHaveText(/-\$/);
    await expect(breakdown.getByTestId('total')).toHaveText(formatMoney(quote.total));

    const form = await reserveToCheckout(page);

    await choosePay(form, 'bank_transfer');
    await form.getByLabel('Full name').fill('Fee Tester');
    await form.getByLabel('Email').fill('fee.tester@example.com');
    await form.getByLabel('Phone').fill('+1 555 0188');
    await form.getByLabel('Country/Region').fill('Canada');
    await form.getByRole('button', { name: 'Confirm booking' }).click();
    const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed!' });
    const bic = (await confirmed.getByTestId('confirmation-number').textContent()) ?? '';
    expect(bic).toMatch(/^BIC\d+$/);

    // The guest's email, as the queue rendered it: the same lines, in the same order.
    await expect
      .poll(
        async () => {
          const list = (await (await page.request.get('/api/admin/emails?pageSize=50')).json()) as {
            items: { subject: string; to: string; html: string }[];
          };
          const mail = list.items.find((e) => e.to === 'fee.tester@example.com' && e.subject.includes(bic));
          if (!mail?.html) return -1;
          const at = LINES.map((l) =>
            mail.html.indexOf(l.replace('×', '&#215;')) >= 0
              ? mail.html.indexOf(l.replace('×', '&#215;'))
              : mail.html.indexOf(l),
          );
          return at.every((i, k) => i > 0 && (k === 0 || i > (at[k - 1] ?? 0))) ? 1 : 0;
        },
        { timeout: 15_000 },
      )
      .toBe(1);
  } finally {
    await page.request.put(pricingPath, { data: {} });
  }
});
