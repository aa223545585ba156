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

/**
 * The one money formatter (docs/product.md#guest-constants): USD in en-US currency style, PKR in en-PK currency style,
 * any other currency a `$` with 2 decimals. `whole` drops the cents (the admin's totals and list prices).
 *
 * Whole amounts (every price and converted total the guest pages show) are written by hand, to the same
 * text as Intl's: the first Intl formatter a page builds loads the locale data, one long task on a phone
 * in the middle of the app's first render. Amounts with cents still go through Intl, for its rounding.
 */
export function formatMoney(amount: number, currency = 'USD', opts: { whole?: boolean } = {}): string {
  const whole = opts.whole ?? false;
  if (Number.isSafeInteger(amount) && !Object.is(amount, -0) && (currency === 'USD' || currency === 'PKR')) {
    const sign = amount < 0 ? '-' : '';
    const digits = grouped(Math.abs(amount));
    // en-PK writes rupees without decimals, and a no-break space after its symbol.
    return currency === 'USD' ? `${sign}$${digits}${whole ? '' : '.00'}` : `${sign}Rs\u00a0${digits}`;
  }
  if (currency === 'USD') return numberFormat('en-US', 'USD', whole).format(amount);
  if (currency === 'PKR') return numberFormat('en-PK', 'PKR', whole).format(amount);
  return `$${amount.toFixed(whole ? 0 : 2)}`;
}

/**
 * One amount (whole US dollars, as every price is kept) in `currency` at `rate` units per dollar, rounded
 * to the unit the site shows: whole rupees for PKR, the dollar itself for USD.
 */
export function convertAmount(usd: number, currency: string, rate: number): number {
  return currency === 'USD' ? usd : Math.round(usd * rate);
}

/** A stay's money in the chosen currency: each night and each line after them converted, then summed. */
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
 */
export function convertStay(
  stay: { nightPrices: readonly number[]; tax: number; lines?: readonly number[] | undefined },
  currency: string,
  rate: number,
): TConvertedStay {
  const nights = stay.nightPrices.map((n) => convertAmount(n, currency, rate));
  const subtotal = nights.reduce((sum, n) => sum + n, 0);
  const tax = convertAmount(stay.tax, currency, rate);
  // Without lines (a stay priced before fees existed) the GST is the one line after the nights.
  const lines = stay.lines ? stay.lines.map((l) => convertAmount(l, currency, rate)) : [tax];
  return { nights, subtotal, tax, lines, total: subtotal + lines.reduce((sum, l) => sum + l, 0) };
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
