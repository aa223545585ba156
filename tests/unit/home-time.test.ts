import { describe, expect, it } from 'vitest';
import { cancellationDeadline, formatDeadline } from '../../src/shared/cancellation.ts';
import { addDays } from '../../src/shared/dates.ts';
import {
  formatHomeTime,
  guessHomeTimeZone,
  homeZoneLabel,
  knownTimeZone,
  offsetMinutes,
  timeZoneChoices,
  zoneClock,
} from '../../src/shared/home-time.ts';
import { TIME_ZONE_ERROR, ZTimeZone } from '../../src/shared/schemas/property.ts';

const home = (location: string, latitude: string | null = null, longitude: string | null = null) => ({
  location,
  latitude,
  longitude,
});

describe('guessHomeTimeZone: the zone a new home gets', () => {
  it('takes the nearest known place to the coordinates, whatever the address says', () => {
    expect(guessHomeTimeZone(home('Somewhere', '48.85', '2.35'))).toBe('Europe/Paris');
    expect(guessHomeTimeZone(home('Tokyo, Japan', '25.7617', '-80.1918'))).toBe('America/New_York');
    // Sedona is nearer than Los Angeles: Arizona keeps no daylight saving time.
    expect(guessHomeTimeZone(home('Cabin', '34.87', '-111.76'))).toBe('America/Phoenix');
  });

  it('falls back to a place the address names, then to UTC', () => {
    expect(guessHomeTimeZone(home('Shibuya, Tokyo'))).toBe('Asia/Tokyo');
    // Coordinates far from every known place say nothing: the address decides.
    expect(guessHomeTimeZone(home('Flat in Paris', '64.14', '-21.94'))).toBe('Europe/Paris');
    expect(guessHomeTimeZone(home('Reykjavik, Iceland', '64.14', '-21.94'))).toBe('UTC');
    expect(guessHomeTimeZone(home('Nowhere in particular'))).toBe('UTC');
    expect(guessHomeTimeZone(home('Alfama, Lisbon, Portugal'))).toBe('Europe/Lisbon');
    expect(guessHomeTimeZone(home('Flat', '38.72', '-9.14'))).toBe('Europe/Lisbon');
  });
});

describe('homeZoneLabel: a zone beside an admin time', () => {
  it("names the zone's place and the zone, and UTC as itself", () => {
    expect(homeZoneLabel('Europe/Lisbon')).toBe('Lisbon time (Europe/Lisbon)');
    expect(homeZoneLabel('America/New_York')).toBe('New York time (America/New_York)');
    expect(homeZoneLabel('UTC')).toBe('UTC');
  });
});

describe('time zone names', () => {
  it('accepts the runtime list and UTC, resolves aliases to the listed name, refuses the rest', () => {
    expect(knownTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(knownTimeZone('UTC')).toBe('UTC');
    expect(knownTimeZone('US/Eastern')).toBe('America/New_York');
    expect(knownTimeZone('asia/tokyo')).toBe('Asia/Tokyo');
    expect(knownTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(knownTimeZone('+05:00')).toBeNull();
    expect(timeZoneChoices()[0]).toBe('UTC');
    expect(timeZoneChoices()).toContain('Europe/Paris');
  });

  it('ZTimeZone answers a readable message, and treats empty as not given', () => {
    const bad = ZTimeZone.safeParse('Mars/Olympus_Mons');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(TIME_ZONE_ERROR);
    expect(ZTimeZone.safeParse(' Europe/Paris ').data).toBe('Europe/Paris');
    expect(ZTimeZone.safeParse('').data).toBeUndefined();
  });
});

describe('offsetMinutes', () => {
  // Intl's own offset name, the slower way the function replaced.
  const named = (zone: string, ms: number) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(ms)
      .find((p) => p.type === 'timeZoneName')?.value;
    const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
  };

  it('agrees with Intl’s offset name every six hours of two years, in zones with DST, half and quarter hours', () => {
    const zones = [
      'UTC',
      'America/New_York',
      'Europe/Helsinki',
      'Asia/Karachi',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'America/St_Johns',
      'Pacific/Chatham',
      'America/Santiago',
    ];
    const start = Date.UTC(2026, 0, 1);
    for (const zone of zones)
      for (let ms = start; ms < start + 2 * 366 * 86_400_000; ms += 6 * 3_600_000)
        expect(offsetMinutes(zone, ms), `${zone} at ${new Date(ms).toISOString()}`).toBe(named(zone, ms));
    // About 60,000 comparisons through Intl: a second or two alone, several on a loaded machine.
  }, 30_000);

  it('agrees minute by minute around a DST change, and at instants with milliseconds', () => {
    // Europe/Helsinki moves forward at 01:00 UTC on 29 March 2026.
    const change = Date.UTC(2026, 2, 29, 1, 0);
    for (let ms = change - 90 * 60_000; ms <= change + 90 * 60_000; ms += 60_000 + 123)
      expect(offsetMinutes('Europe/Helsinki', ms)).toBe(named('Europe/Helsinki', ms));
    expect(offsetMinutes('Europe/Helsinki', change - 1)).toBe(120);
    expect(offsetMinutes('Europe/Helsinki', change)).toBe(180);
  });
});

describe('zoneClock', () => {
  const zones = [
    'UTC',
    'America/New_York',
    'Europe/Helsinki',
    'Asia/Karachi',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'America/St_Johns',
    'Pacific/Chatham',
    'America/Santiago',
  ];
  const from = Date.UTC(2026, 10, 26);

  it('gives the deadline line the same instants and text as Intl, over two years of days, in zones with DST and odd offsets', () => {
    for (const zone of zones) {
      const clock = zoneClock(zone, from, 800);
      for (let day = 1; day < 790; day += 3) {
        const checkIn = addDays('2026-11-26', day);
        for (const policy of ['flexible', 'moderate', 'strict'] as const) {
          const withClock = cancellationDeadline(checkIn, policy, zone, clock);
          const withIntl = cancellationDeadline(checkIn, policy, zone);
          expect(withClock.getTime(), `${zone} ${checkIn} ${policy}`).toBe(withIntl.getTime());
          expect(formatDeadline(withClock, zone, clock), `${zone} ${checkIn}`).toBe(
            formatDeadline(withIntl, zone),
          );
        }
      }
    }
  });

  it('finds each change of offset or name to the minute, and agrees with Intl at any minute', () => {
    const clock = zoneClock('Europe/Helsinki', from, 800);
    // Helsinki changes twice a year: EET (+120) in winter, EEST (+180) in summer.
    expect(clock.spans.map((s) => [new Date(s.from).toISOString(), s.offset])).toEqual([
      ['2026-11-26T00:00:00.000Z', 120],
      ['2027-03-28T01:00:00.000Z', 180],
      ['2027-10-31T01:00:00.000Z', 120],
      ['2028-03-26T01:00:00.000Z', 180],
      ['2028-10-29T01:00:00.000Z', 120],
    ]);
    for (let ms = from + 7_919; ms < clock.until; ms += 7 * 3_600_000 + 61_234)
      expect(formatHomeTime(new Date(ms), 'Europe/Helsinki', clock)).toBe(
        formatHomeTime(new Date(ms), 'Europe/Helsinki'),
      );
  });

  it('is used only for its own zone and span: another zone, or past its end, goes to Intl', () => {
    const clock = zoneClock('Asia/Karachi', from, 10);
    const later = new Date(clock.until + 3_600_000);
    expect(formatHomeTime(later, 'Asia/Karachi', clock)).toBe(formatHomeTime(later, 'Asia/Karachi'));
    const at = new Date(from + 3_600_000);
    expect(formatHomeTime(at, 'Europe/Paris', clock)).toBe(formatHomeTime(at, 'Europe/Paris'));
    expect(formatHomeTime(at, 'Europe/Paris', clock)).toMatch(/GMT\+1$/);
  });
});

describe('a zone clock in use', () => {
  it('is what writes the time and the deadline when it covers the instant (not Intl)', () => {
    // A made-up clock for UTC: one hour ahead, named TEST. Only the clock can give this text.
    const clock = {
      zone: 'UTC',
      spans: [{ from: 0, offset: 60, name: 'TEST' }],
      until: Date.UTC(2100, 0, 1),
    };
    expect(formatHomeTime(new Date(Date.UTC(2027, 0, 5, 23, 30, 59)), 'UTC', clock)).toBe(
      'Jan 6, 2027, 12:30 AM TEST',
    );
    expect(offsetMinutes('UTC', Date.UTC(2027, 0, 5), clock)).toBe(60);
    expect(cancellationDeadline('2027-01-10', 'flexible', 'UTC', clock).toISOString()).toBe(
      '2027-01-08T23:00:00.000Z',
    );
  });
});
