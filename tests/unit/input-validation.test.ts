import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZAdminBookingListInput } from '../../src/shared/schemas/admin.ts';
import { ZLoginInput } from '../../src/shared/schemas/auth.ts';
import { ZBookingCreateInput } from '../../src/shared/schemas/booking.ts';
import { ZBlockInput } from '../../src/shared/schemas/calendar.ts';
import { ZIdParam } from '../../src/shared/schemas/common.ts';
import { ZContactMessage } from '../../src/shared/schemas/contact.ts';
import { ZLookupInput } from '../../src/shared/schemas/manage.ts';
import { ZPropertyInput, ZSearchInput } from '../../src/shared/schemas/property.ts';
import { ZSetAdminInput } from '../../src/shared/schemas/admin-users.ts';

const contact = { name: 'Ann Guest', email: 'ann@example.com', phone: '+1 555 0100', country: 'US' };
const booking = {
  propertyId: 21,
  checkIn: '2031-01-10',
  checkOut: '2031-01-12',
  guests: 2,
  contactInfo: contact,
};

/** The issues of a refused parse, as `path: message`. */
function refusals(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('strings refuse what is not text, naming the field', () => {
  const cases: [string, z.ZodType, Record<string, unknown>, string, string][] = [
    ['search location', ZSearchInput, {}, 'location', 'Location'],
    ['search category', ZSearchInput, {}, 'category', 'Category'],
    ['login username', ZLoginInput, { password: 'secret1' }, 'username', 'Username'],
    ['lookup BIC', ZLookupInput, { email: 'a@example.com' }, 'confirmationNumber', 'Confirmation number'],
    [
      'contact subject',
      ZContactMessage,
      { name: 'A', email: 'a@example.com', message: 'Hi' },
      'subject',
      'Subject',
    ],
    ['admin search', ZAdminBookingListInput, {}, 'q', 'Search'],
    ['block note', ZBlockInput, { id: 1, startDate: '2031-01-01', endDate: '2031-01-02' }, 'note', 'Note'],
  ];
  for (const [what, schema, rest, field, label] of cases) {
    it(`${what}: NUL, a lone surrogate (high or low) and a control character`, () => {
      for (const bad of ['ab\u0000c', 'ab\ud800c', 'ab\udc00', 'ab\u001bc', 'a\u0085b']) {
        expect(refusals(schema, { ...rest, [field]: bad }), JSON.stringify(bad)).toContain(
          `${field}: ${label} contains a character that is not allowed`,
        );
      }
      // A real surrogate pair (an emoji) is text.
      expect(refusals(schema, { ...rest, [field]: 'ab😀' }).filter((r) => r.startsWith(`${field}:`))).toEqual(
        [],
      );
    });
  }

  it('booking contact: nested fields are named by their path', () => {
    expect(
      refusals(ZBookingCreateInput, { ...booking, contactInfo: { ...contact, country: 'U\u0000S' } }),
    ).toEqual(['contactInfo.country: Country/Region contains a character that is not allowed']);
  });

  it('one-line fields refuse CR, LF and tab; multi-line text keeps them', () => {
    for (const name of ['Ann\r\nBcc: x@example.com', 'Ann\nGuest', 'Ann\rGuest', 'Ann\u2028Guest']) {
      expect(refusals(ZBookingCreateInput, { ...booking, contactInfo: { ...contact, name } })).toEqual([
        'contactInfo.name: Name must be a single line',
      ]);
    }
    expect(
      refusals(ZBookingCreateInput, { ...booking, contactInfo: { ...contact, name: 'Ann\tGuest' } }),
    ).toEqual(['contactInfo.name: Name contains a character that is not allowed']);
    const multi = { ...contact, specialRequests: 'Line one\r\nLine two\tindented' };
    expect(refusals(ZBookingCreateInput, { ...booking, contactInfo: multi })).toEqual([]);
    expect(
      refusals(ZBookingCreateInput, { ...booking, contactInfo: { ...multi, specialRequests: 'a\u0000' } }),
    ).toEqual(['contactInfo.specialRequests: Special requests contains a character that is not allowed']);
    const message = { name: 'A', email: 'a@example.com', subject: 'Hi', message: 'Hello\n\nThanks' };
    expect(refusals(ZContactMessage, message)).toEqual([]);
  });
});

describe('numbers, ids and booleans are not coerced from other types', () => {
  it('a property id: true, [21], "0x15", "21.0", "1e1", " 21" and "" are refused; 21 and "21" mean 21', () => {
    for (const propertyId of [true, false, [21], '0x15', '21.0', '1e1', ' 21', '', '+21', '021', {}, null]) {
      expect(
        refusals(ZBookingCreateInput, { ...booking, propertyId }),
        JSON.stringify(propertyId),
      ).toHaveLength(1);
    }
    for (const propertyId of [21, '21'])
      expect(ZBookingCreateInput.parse({ ...booking, propertyId }).propertyId).toBe(21);
  });

  it('the same for guests, a path id and a page', () => {
    for (const guests of [true, [2], '0x2', '2.0'])
      expect(refusals(ZBookingCreateInput, { ...booking, guests })[0]).toMatch(/^guests: /);
    for (const id of [true, [1], '0x1', '1.0', 1.5, 2 ** 31])
      expect(refusals(ZIdParam, { id })).toHaveLength(1);
    expect(ZIdParam.parse({ id: '7' })).toEqual({ id: 7 });
    expect(refusals(ZAdminBookingListInput, { page: [2] })).toEqual(['page: Page must be a number']);
    expect(ZAdminBookingListInput.parse({ page: '2' }).page).toBe(2);
  });

  it('booleans: "false" is false, never true; 1 and "yes" are refused', () => {
    expect(ZSetAdminInput.parse({ id: 1, isAdmin: 'false' }).isAdmin).toBe(false);
    for (const isAdmin of [1, 0, 'yes', [], 'False'])
      expect(refusals(ZSetAdminInput, { id: 1, isAdmin })).toEqual([
        'isAdmin: isAdmin must be true or false',
      ]);
  });

  it('coordinates take decimal degrees only', () => {
    const base = ZPropertyInput.shape.latitude;
    expect(base.safeParse('0x15').success).toBe(false);
    expect(base.safeParse('1e1').success).toBe(false);
    expect(base.parse('25.77')).toBe('25.77');
    expect(base.parse(-80.19)).toBe('-80.19');
  });
});
