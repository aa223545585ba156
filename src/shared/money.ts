const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${locale} ${currency} ${whole}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    formats.set(key, f);
  }
  return f;
}

/** A whole number's digits in groups of three (`1,234,567`), as en-US and en-PK group them. */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `n` integer minor units divided by 100 and rounded half away from zero: whole units of a minor amount. */
function wholeUnits(minor: number): number {
  return Math.sign(minor) * Math.round(Math.abs(minor) / MINOR_PER_UNIT);
}

/**
 * The one money formatter (docs/product.md#guest-constants): USD in en-US currency style, PKR in en-PK currency style,
 * any other currency a `$` with 2 decimals. Amounts are currency units, with cents (`33.15`). `whole` drops
 * the cents (the admin's totals and list prices).
 *
 * Amounts of whole cents (every price, line and total the site keeps) are written by hand, to the same
 * text as Intl's: the first Intl formatter a page builds loads the locale data, one long task on a phone
 * in the middle of the app's first render. Anything finer than a cent still goes through Intl.
 */
export function formatMoney(amount: number, currency = 'USD', opts: { whole?: boolean } = {}): string {
  const whole = opts.whole ?? false;
  const minor = toMinor(amount);
  const exact = Number.isSafeInteger(minor) && toMajor(minor) === amount && !Object.is(amount, -0);
  if (exact && (currency === 'USD' || currency === 'PKR')) {
    // en-PK writes rupees without decimals, and a no-break space after its symbol; both round halves away from zero.
    const units = currency === 'PKR' || whole ? wholeUnits(minor) : Math.trunc(minor / MINOR_PER_UNIT);
    // Intl writes `-$0` for a small negative it rounds away: leave that corner to it.
    if (units !== 0 || minor === 0 || (currency === 'USD' && !whole)) {
      const sign = minor < 0 ? '-' : '';
      const digits = grouped(Math.abs(units));
      if (currency === 'PKR') return `${sign}Rs\u00a0${digits}`;
      if (whole) return `${sign}$${digits}`;
      const cents = String(Math.abs(minor) % MINOR_PER_UNIT).padStart(2, '0');
      return `${sign}$${digits}.${cents}`;
    }
  }
  if (currency === 'USD') return numberFormat('en-US', 'USD', whole).format(amount);
  if (currency === 'PKR') return numberFormat('en-PK', 'PKR', whole).format(amount);
  return `$${amount.toFixed(whole ? 0 : 2)}`;
}

/**
 * One amount in integer minor units of US dollars (as the server keeps every amount) in `currency` at
 * `rate` units per dollar, in that currency's minor units, rounded to what the site shows: whole rupees
 * for PKR (a multiple of 100 paisa), the cent itself for USD.
 */
export function convertMinor(minorUsd: number, currency: string, rate: number): number {
  return currency === 'USD' ? minorUsd : Math.round((minorUsd * rate) / MINOR_PER_UNIT) * MINOR_PER_UNIT;
}

/**
 * One amount in US dollars as the wire carries it (`99.5`) in `currency` at `rate`, in that currency's
 * units: `convertMinor` on its cents.
 */
export function convertAmount(usd: number, currency: string, rate: number): number {
  return toMajor(convertMinor(toMinor(usd), currency, rate));
}

/** A stay's money in the chosen currency, in its units: each night and each line after them converted, then summed. */
export interface TConvertedStay {
  nights: number[];
  subtotal: number;
  tax: number;
  /** Each line after the nights (discounts, fees, GST, tourist tax), converted one by one. */
  lines: number[];
  total: number;
}

/**
 * The one rule for showing a stay in another currency (docs/money.md): convert each line, then add the
 * converted lines, so nights × price, the subtotal, the GST and the total shown always add up, wherever
 * the stay is shown. Converting the total on its own instead drifts by a unit or two from its lines.
 * Amounts come and go in currency units (the wire's), and are added as integer minor units, so no sum
 * of cents picks up a binary fraction.
 */
export function convertStay(
  stay: { nightPrices: readonly number[]; tax: number; lines?: readonly number[] | undefined },
  currency: string,
  rate: number,
): TConvertedStay {
  const convert = (usd: number) => convertMinor(toMinor(usd), currency, rate);
  const nights = stay.nightPrices.map(convert);
  const subtotal = nights.reduce((sum, n) => sum + n, 0);
  const tax = convert(stay.tax);
  // Without lines (a stay priced before fees existed) the GST is the one line after the nights.
  const lines = stay.lines ? stay.lines.map(convert) : [tax];
  const total = subtotal + lines.reduce((sum, l) => sum + l, 0);
  return {
    nights: nights.map(toMajor),
    subtotal: toMajor(subtotal),
    tax: toMajor(tax),
    lines: lines.map(toMajor),
    total: toMajor(total),
  };
}

/** Minor units per currency unit: cents for USD, paisa for PKR (docs/money.md#minor-units). */
export const MINOR_PER_UNIT = 100;

/**
 * Currency units (the REST contract's and the screens' `99.5`) to integer minor units (`9950`), the only
 * form an amount takes inside the server and the database. Rounded to the nearest minor unit, halves away
 * from zero, after the binary float's noise is dropped (`1.005` is 101, not 100).
 */
export function toMinor(amount: number): number {
  const scaled = Number((amount * MINOR_PER_UNIT).toPrecision(15));
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}

/** Integer minor units back to currency units for the wire and the screens: `9950` → `99.5`. */
export function toMajor(minor: number): number {
  return minor / MINOR_PER_UNIT;
}

/**
 * `percent` % of an amount in minor units, rounded once to the minor unit, halves away from zero
 * (docs/money.md#rounding): GST at 17 % on 19500 is 3315; a 15 % discount on 12345 is 1852 (1851.75).
 * Every percentage line of a price (discounts, GST, a tourist tax in percent) and every share of one goes
 * through here, so each line is rounded exactly once. Exact for any amount a stay can reach: the product
 * stays far below 2^53, and the percent's own decimals (a 2.5 % tax) are scaled out first.
 */
export function percentOf(minor: number, percent: number): number {
  return shareOf(minor, Math.round(percent * 10_000), 1_000_000);
}

/**
 * `minor × part / whole`, rounded once to the minor unit, halves away from zero: a proportional share,
 * such as the nights a cancellation keeps out of the discounted nights' price.
 */
export function shareOf(minor: number, part: number, whole: number): number {
  if (whole === 0) return 0;
  const product = minor * part;
  const sign = Math.sign(product) * Math.sign(whole);
  const n = Math.abs(product);
  const d = Math.abs(whole);
  const q = Math.floor(n / d);
  // Compare the remainder's double with the divisor, in integers: no float decides a half.
  return sign * (2 * (n - q * d) >= d ? q + 1 : q);
}
