import { describe, expect, it } from 'vitest';
import { guessHomeTimeZone, knownTimeZone, timeZoneChoices } from '../../src/shared/home-time.ts';
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
