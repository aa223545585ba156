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

/**
 * The one money formatter (docs/product.md#guest-constants): USD in en-US currency style, PKR in en-PK currency style,
 * any other currency a `$` with 2 decimals. `whole` drops the cents (the admin's totals and list prices).
 */
export function formatMoney(amount: number, currency = 'USD', opts: { whole?: boolean } = {}): string {
  const whole = opts.whole ?? false;
  if (currency === 'USD') return numberFormat('en-US', 'USD', whole).format(amount);
  if (currency === 'PKR') return numberFormat('en-PK', 'PKR', whole).format(amount);
  return `$${amount.toFixed(whole ? 0 : 2)}`;
}
