import { describe, expect, it } from 'vitest';
import {
  clampCheckOut,
  firstFreeStay,
  isCheckOutBlocked,
  isNightBlocked,
  overlapsBlocked,
} from '../../src/client/features/booking/blocked-dates.ts';
import { wrapIndex } from '../../src/client/features/property/gallery-viewer.tsx';
import { propertyMapCenter } from '../../src/client/features/property/map-center.ts';
import { parsePropertyId } from '../../src/client/features/property/property-id.ts';
import { checkStay, todaySpan } from '../../src/server/services/bookings/rules.ts';

const booked = [
  { checkIn: '2027-03-10', checkOut: '2027-03-13' },
  { checkIn: '2027-03-20', checkOut: '2027-03-22' },
];

describe('booking card calendars', () => {
  it('blocks the booked nights and frees the check-out day', () => {
    expect(
      ['2027-03-09', '2027-03-10', '2027-03-12', '2027-03-13'].map((d) => isNightBlocked(d, booked)),
    ).toEqual([false, true, true, false]);
  });

  it('allows a check-out only before the next booked night after the check-in', () => {
    expect(isCheckOutBlocked('2027-03-10', '2027-03-07', booked)).toBe(false); // check-out on the next check-in day
    expect(isCheckOutBlocked('2027-03-11', '2027-03-07', booked)).toBe(true);
    expect(isCheckOutBlocked('2027-03-07', '2027-03-07', booked)).toBe(true);
    expect(isCheckOutBlocked('2027-03-20', '2027-03-13', booked)).toBe(false);
    expect(isCheckOutBlocked('2027-03-25', '2027-03-13', booked)).toBe(true);
    expect(isCheckOutBlocked('2027-03-13', null, booked)).toBe(true);
    expect(isCheckOutBlocked('2027-03-10', null, booked)).toBe(false);
    expect(overlapsBlocked('2027-03-13', '2027-03-20', booked)).toBe(false);
    expect(overlapsBlocked('2027-03-12', '2027-03-14', booked)).toBe(true);
  });
});

describe('booking card defaults', () => {
  it('starts on the first free stay of the default length, within the window', () => {
    expect(firstFreeStay('2027-03-01', 5, booked, '2027-12-31')).toEqual({
      checkIn: '2027-03-01',
      checkOut: '2027-03-06',
    });
    // Booked today: the stay starts on the check-out day of the booking.
    expect(firstFreeStay('2027-03-11', 5, booked, '2027-12-31')).toEqual({
      checkIn: '2027-03-13',
      checkOut: '2027-03-18',
    });
    // 7 nights fit exactly between the two bookings; 8 do not, so they start after the second.
    expect(firstFreeStay('2027-03-11', 7, booked, '2027-12-31')).toEqual({
      checkIn: '2027-03-13',
      checkOut: '2027-03-20',
    });
    expect(firstFreeStay('2027-03-11', 8, booked, '2027-12-31')).toEqual({
      checkIn: '2027-03-22',
      checkOut: '2027-03-30',
    });
    expect(firstFreeStay('2027-03-11', 8, booked, '2027-03-21')).toBeNull();
  });

  it('clamps a check-out that would cross a taken night to the next guest check-in day', () => {
    expect(clampCheckOut('2027-03-07', '2027-03-12', booked)).toBe('2027-03-10');
    expect(clampCheckOut('2027-03-13', '2027-03-18', booked)).toBe('2027-03-18');
    expect(clampCheckOut('2027-03-17', '2027-03-22', booked)).toBe('2027-03-20');
  });
});

describe('gallery', () => {
  it('wraps around at both ends', () => {
    expect(wrapIndex(-1, 6)).toBe(5);
    expect(wrapIndex(6, 6)).toBe(0);
    expect(wrapIndex(3, 6)).toBe(3);
    expect(wrapIndex(1, 0)).toBe(0);
  });
});

describe('property page', () => {
  it('accepts only whole positive ids', () => {
    expect(parsePropertyId('42')).toBe(42);
    expect(['abc', '0', '-1', '1.5', '4e3', '', '99999999999'].map(parsePropertyId)).toEqual(
      Array(7).fill(undefined),
    );
  });

  it('centres the map on the coordinates, else a known city in the location, else New York', () => {
    expect(propertyMapCenter({ latitude: '10.5', longitude: '-20', location: 'Aspen' })).toMatchObject({
      lat: 10.5,
      lng: -20,
    });
    expect(
      propertyMapCenter({ latitude: null, longitude: null, location: 'Cabin near aspen, Colorado' }),
    ).toMatchObject({
      name: 'Aspen',
    });
    expect(propertyMapCenter({ latitude: '', longitude: '', location: 'Somewhere else' })).toMatchObject({
      name: 'New York',
    });
  });
});

describe('server stay rules', () => {
  const settings = { minNightsDefault: 1, maxNightsDefault: 30, advanceBookingDays: 365 };
  const now = new Date('2027-01-15T12:00:00Z');

  it('treats a date as today while it is today somewhere on Earth', () => {
    expect(todaySpan(new Date('2027-01-15T08:00:00Z'))).toEqual({
      earliest: '2027-01-14',
      latest: '2027-01-15',
    });
    expect(todaySpan(new Date('2027-01-15T13:00:00Z'))).toEqual({
      earliest: '2027-01-15',
      latest: '2027-01-16',
    });
  });

  it('names the failing rule', () => {
    const at =
      (checkIn: string, checkOut: string, guests = 2) =>
      () =>
        checkStay({ checkIn, checkOut, guests }, 4, settings, now);
    expect(at('2027-01-13', '2027-01-16')).toThrow('Check-in date cannot be in the past');
    expect(at('2027-01-15', '2027-01-15')).toThrow('Check-out must be after check-in');
    expect(at('2027-01-15', '2027-02-15')).toThrow('Stays cannot be longer than 30 nights');
    expect(at('2028-01-17', '2028-01-18')).toThrow('Bookings can be made at most 365 days in advance');
    expect(at('2027-01-20', '2027-01-22', 5)).toThrow('This property allows at most 4 guests');
    expect(at('2027-01-15', '2027-02-14')).not.toThrow();
  });
});
