/**
 * CSV as RFC 4180 writes it (CRLF between records, fields with a comma, quote, CR or LF quoted, quotes
 * doubled), made safe to open in a spreadsheet: a text cell starting with =, +, -, @, tab or CR would run
 * as a formula (CSV injection, OWASP), so it gets a leading apostrophe and is always quoted.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  const mustQuote = safe !== value || /[",\r\n]/.test(safe);
  return mustQuote ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
