/**
 * The SQL spellings every repository shares, so each rule is written once. The ORM states the archived
 * rule as Property's default filter; hand-written SQL uses `liveProperty`.
 */

/** A calendar date as `yyyy-MM-dd` text: dates leave PostgreSQL with no time zone (DECISIONS 8). */
export function sqlDate(column: string): string {
  return `to_char(${column}, 'YYYY-MM-DD')`;
}

/** A timestamptz as an ISO 8601 UTC string, the way `Date.toISOString` writes it. */
export function sqlTimestamp(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The property is still listed (not archived; see Property's `listed` filter). */
export function liveProperty(alias?: string): string {
  return `${alias ? `${alias}.` : ''}archived_at is null`;
}

/** An int[] parameter as PostgreSQL's array literal: the driver would expand a JS array into a list. */
export function intArray(values: number[]): string {
  return `{${values.map((v) => Math.trunc(v)).join(',')}}`;
}
