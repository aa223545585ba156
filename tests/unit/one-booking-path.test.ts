import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONFIRMATION_ATTEMPTS,
  CONFIRMATION_UNAVAILABLE,
  withConfirmationNumber,
} from '../../src/server/services/bookings/new-booking.ts';

/** Every TypeScript file under a folder, recursively. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('one booking path (docs/booking-operations.md#one-booking-path)', () => {
  it('inserts bookings in one place: repositories/bookings.ts insertBooking', () => {
    // Migrations and seeders write history and demo data; the app's own code writes bookings once.
    const app = sources('src/server').filter((f) => !/[/\\](migrations|seeders)[/\\]/.test(f));
    const writers = app.filter((f) =>
      /insert\s+into\s+"?bookings"?\s*\(|insertInto\(\s*'bookings'|\.create\(\s*Booking\b|em\.insert\(\s*Booking\b/i.test(
        fs.readFileSync(f, 'utf8'),
      ),
    );
    expect(writers.map((f) => path.relative('src/server', f))).toEqual([
      path.join('repositories', 'bookings.ts'),
    ]);
  });

  it('draws confirmation numbers one way: the known free ones first, then fresh ones, then a clear 503', async () => {
    const tried: string[] = [];
    const id = await withConfirmationNumber(
      (n) => {
        tried.push(n);
        return Promise.resolve(tried.length < 3 ? null : 42);
      },
      ['BIC100001'],
    );
    expect(id).toBe(42);
    expect(tried[0]).toBe('BIC100001');
    expect(tried.slice(1).every((n) => /^BIC\d{6}$/.test(n))).toBe(true);

    let calls = 0;
    await expect(
      withConfirmationNumber(() => {
        calls += 1;
        return Promise.resolve(null);
      }),
    ).rejects.toThrow(CONFIRMATION_UNAVAILABLE);
    expect(calls).toBe(CONFIRMATION_ATTEMPTS);
  });
});
