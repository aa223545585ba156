import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ACTIVITY_PAGE_SIZE, ZActivityListInput } from '../../src/shared/schemas/activity.ts';
import { ADMIN_BOOKINGS_PAGE_SIZE, ZAdminBookingListInput } from '../../src/shared/schemas/admin.ts';
import { ZAdminListingListInput, ZAdminReviewListInput } from '../../src/shared/schemas/admin-tables.ts';
import { ADMIN_USERS_PAGE_SIZE, ZAdminUserListInput } from '../../src/shared/schemas/admin-users.ts';
import { ZId } from '../../src/shared/schemas/common.ts';
import { parseActivitySearch } from '../../src/client/features/admin-activity/search.ts';
import { filterOf, parseBookingsSearch } from '../../src/client/features/admin-bookings/search.ts';
import { listingsInput, parseListingsSearch } from '../../src/client/features/admin-listings/search.ts';
import { allReviewsInput, parseReviewsSearch } from '../../src/client/features/admin-reviews/search.ts';
import { parseUsersSearch } from '../../src/client/features/admin-users/search.ts';
import { readId } from '../../src/shared/url-search.ts';

/**
 * The admin routes read their URL with plain checks (shared/url-search.ts says why not zod). This holds
 * each reader to the zod input of the procedure its page calls: whatever a URL holds, what the reader
 * keeps is accepted by the server's schema, so a hand-edited address never turns into a 400.
 */

/** URL values as the router hands them over: JSON-parsed numbers, booleans and null, or strings. */
const limits = [
  0, 1, 2, 5, 6, 20, 50, 100, 100_000, 100_001, 1_000_000, 1_000_001, 2_147_483_647, 2_147_483_648,
];
const value = fc.oneof(
  // The limits themselves, and one past them, as numbers and as strings, weighted to come up often.
  { arbitrary: fc.constantFrom(...limits, ...limits.map(String)), weight: 4 },
  fc.string({ maxLength: 120 }),
  fc.integer({ min: -5, max: 3_000_000_000 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    ...[
      'asc',
      'desc',
      'admin',
      'guest',
      'all',
      'archived',
      'pending',
      'confirmed',
      'cancelled',
      'requested',
      'declined',
      'booking',
    ],
    ...['id', 'title', 'price', 'createdAt', 'checkIn', 'cabin', 'villa', '2026-12-01', '2026-02-30'],
    ...[
      '0',
      '1',
      '2',
      '5',
      '6',
      '20',
      '50',
      '100',
      '100001',
      '2147483647',
      '2147483648',
      ' 7 ',
      'x'.repeat(101),
    ],
  ),
);
const searchOf = (keys: string[]) =>
  fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }) as fc.Arbitrary<
    Record<string, unknown>
  >;

function accepts(schema: z.ZodType, input: unknown): void {
  const result = schema.safeParse(input);
  expect(result.success, JSON.stringify({ input, issues: result.error?.issues })).toBe(true);
}

describe('admin route readers agree with the shared zod inputs', () => {
  beforeAll(() => {
    fc.configureGlobal({ numRuns: 500 });
    return () => fc.resetConfigureGlobal();
  });

  it('bookings', () => {
    const keys = ['page', 'q', 'status', 'propertyId', 'userId', 'from', 'to', 'sort', 'dir', 'booking'];
    fc.assert(
      fc.property(searchOf(keys), (raw) => {
        const s = parseBookingsSearch(raw);
        accepts(ZAdminBookingListInput, {
          ...filterOf(s),
          page: s.page ?? 1,
          pageSize: ADMIN_BOOKINGS_PAGE_SIZE,
        });
        if (s.booking !== undefined) accepts(ZId, s.booking);
      }),
    );
  });

  it('listings', () => {
    const keys = ['page', 'pageSize', 'q', 'type', 'category', 'city', 'status', 'sort', 'dir'];
    fc.assert(
      fc.property(searchOf(keys), (raw) =>
        accepts(ZAdminListingListInput, listingsInput(parseListingsSearch(raw))),
      ),
    );
  });

  it('reviews', () => {
    const keys = ['view', 'property', 'rating', 'q', 'page', 'pageSize'];
    fc.assert(
      fc.property(searchOf(keys), (raw) =>
        accepts(ZAdminReviewListInput, allReviewsInput(parseReviewsSearch(raw))),
      ),
    );
  });

  it('guests', () => {
    fc.assert(
      fc.property(searchOf(['page', 'q', 'role']), (raw) => {
        const s = parseUsersSearch(raw);
        accepts(ZAdminUserListInput, {
          page: s.page ?? 1,
          pageSize: ADMIN_USERS_PAGE_SIZE,
          q: s.q,
          role: s.role,
        });
      }),
    );
  });

  it('activity', () => {
    fc.assert(
      fc.property(searchOf(['page', 'entityType']), (raw) => {
        const s = parseActivitySearch(raw);
        accepts(ZActivityListInput, {
          page: s.page ?? 1,
          pageSize: ACTIVITY_PAGE_SIZE,
          entityType: s.entityType,
        });
      }),
    );
  });

  it('keeps what is valid and drops the rest', () => {
    expect(
      parseBookingsSearch({ page: 3, q: ' smith ', dir: 'asc', status: 'lost', from: '2026-02-30' }),
    ).toEqual({
      page: 3,
      q: 'smith',
      dir: 'asc',
    });
    expect(parseUsersSearch({ page: 1, q: 42, role: 'owner' })).toEqual({ q: '42' });
    expect(parseReviewsSearch({ rating: 6, property: '12', page: 100_001 })).toEqual({ property: 12 });
  });

  it('a route id is read as ZId reads it', () => {
    fc.assert(
      fc.property(value, (raw) => {
        const id = readId(raw);
        if (id !== undefined) accepts(ZId, id);
      }),
    );
    expect(['1', '2147483647', '2147483648', '0', '-3', '1.5', 'abc'].map(readId)).toEqual([
      1,
      2_147_483_647,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
