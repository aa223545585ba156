import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates.ts';
import { IMPORT_HORIZON_DAYS, parseFeed } from '../../src/server/services/calendar/ical-import.ts';

const now = new Date('2027-03-10T12:00:00Z');
const today = '2027-03-10';

function calendar(events: string[][]): string {
  const body = events.flatMap((lines, i) => [
    'BEGIN:VEVENT',
    `UID:e${i}`,
    'DTSTAMP:20270101T000000Z',
    ...lines,
    'END:VEVENT',
  ]);
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Other//EN', ...body, 'END:VCALENDAR', ''].join('\r\n');
}

describe('imported events are bounded in time', () => {
  it('an event running to the year 9999 is cut at the import horizon', () => {
    const events = parseFeed(calendar([['DTSTART;VALUE=DATE:20270315', 'DTEND;VALUE=DATE:99991231']]), now);
    expect(events).toEqual([
      expect.objectContaining({
        start_date: '2027-03-15',
        end_date: addDays('2027-03-11', IMPORT_HORIZON_DAYS),
      }),
    ]);
    expect(IMPORT_HORIZON_DAYS).toBeLessThanOrEqual(731);
  });

  it('the same with date-times, and an event that starts past the horizon is left out', () => {
    const events = parseFeed(
      calendar([
        ['DTSTART:20270320T150000Z', 'DTEND:20991231T100000Z'],
        ['DTSTART;VALUE=DATE:20300101', 'DTEND;VALUE=DATE:20300105'],
        ['DTSTART;VALUE=DATE:99990101', 'DTEND;VALUE=DATE:99990105'],
      ]),
      now,
    );
    expect(events.map((e) => [e.start_date, e.end_date])).toEqual([
      ['2027-03-20', addDays('2027-03-11', IMPORT_HORIZON_DAYS)],
    ]);
  });

  it('events that ended before today are left out; one that runs through today is kept', () => {
    const events = parseFeed(
      calendar([
        ['DTSTART;VALUE=DATE:20270301', 'DTEND;VALUE=DATE:20270305'],
        ['DTSTART;VALUE=DATE:20270308', `DTEND;VALUE=DATE:${today.replaceAll('-', '')}`],
        ['DTSTART;VALUE=DATE:20270308', 'DTEND;VALUE=DATE:20270312'],
      ]),
      now,
    );
    expect(events.map((e) => [e.start_date, e.end_date])).toEqual([['2027-03-08', '2027-03-12']]);
  });
});
