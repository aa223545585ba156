import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, HOLDING_STATUSES, isClosedStatus } from '../../src/shared/constants.ts';
import { partyLabel } from '../../src/shared/labels.ts';
import { answerByLabel, STATUS_WORD, stayGroup, stayLabel } from '../../src/shared/stay-status.ts';
import { bookingNotice } from '../../src/client/features/booking/booking-notice.ts';

/** The one set of status words (docs/booking-operations.md#status-words) and the party as it is named. */
describe('status words', () => {
  it('name every status, and a confirmed stay whose check-out day has come is Completed', () => {
    expect(BOOKING_STATUSES.map((s) => STATUS_WORD[s])).toEqual([
      'Pending',
      'Requested',
      'Confirmed',
      'Cancelled',
      'Declined',
    ]);
    expect(stayLabel('confirmed', '2030-01-10', '2030-01-09')).toBe('Confirmed');
    expect(stayLabel('confirmed', '2030-01-10', '2030-01-10')).toBe('Completed');
    // Only a confirmed stay completes: a request never reads as done.
    expect(stayLabel('requested', '2030-01-10', '2030-01-11')).toBe('Requested');
    expect(stayLabel('declined', '2030-01-10', '2030-01-11')).toBe('Declined');
  });

  it('a declined request is listed with the cancelled stays and holds no dates', () => {
    expect(stayGroup('declined', '2030-01-10', '2030-01-01')).toBe('cancelled');
    expect(stayGroup('requested', '2030-01-10', '2030-01-01')).toBe('upcoming');
    expect(HOLDING_STATUSES).toEqual(['pending', 'requested', 'confirmed']);
    expect(BOOKING_STATUSES.filter(isClosedStatus)).toEqual(['cancelled', 'declined']);
  });

  it("the guest is told 'confirmed' only for a confirmed booking, and a request's answer time", () => {
    const confirmed = bookingNotice({ status: 'confirmed' }, 'Sea loft', 'a@example.com');
    expect(confirmed.title).toBe('Booking confirmed!');
    expect(confirmed.message).toBe(
      'Your stay at Sea loft is confirmed. A confirmation email has been sent to a@example.com',
    );
    const requested = bookingNotice(
      { status: 'requested', respondBy: '2030-03-02T14:00:00.000Z' },
      'Sea loft',
      'a@example.com',
    );
    expect(requested.title).toBe('Request sent');
    expect(requested.message).toContain(`by ${answerByLabel('2030-03-02T14:00:00.000Z')}`);
    expect(answerByLabel('2030-03-02T14:00:00.000Z')).toBe('Sat, Mar 2, 14:00 UTC');
    for (const n of [requested, bookingNotice({ status: 'pending' }, 'Sea loft', 'a@example.com')]) {
      expect(`${n.title} ${n.message} ${n.dialogTitle} ${n.dialogText}`.toLowerCase()).not.toContain(
        'confirmed',
      );
    }
  });
});

describe('the party', () => {
  it('counts adults and children as guests, then names infants and pets when they come', () => {
    expect(partyLabel({ guests: 1 })).toBe('1 guest');
    expect(partyLabel({ guests: 3, infants: 0, pets: 0 })).toBe('3 guests');
    expect(partyLabel({ guests: 2, infants: 1 })).toBe('2 guests, 1 infant');
    expect(partyLabel({ guests: 2, infants: 2, pets: 1 })).toBe('2 guests, 2 infants, 1 pet');
  });
});
