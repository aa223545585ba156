/** Where a booking came from (docs/booking-operations.md#operator-bookings): the site, or the operator. */
export const BOOKING_SOURCES = ['website', 'phone', 'walk_in', 'owner'] as const;
export type TBookingSource = (typeof BOOKING_SOURCES)[number];

/** The sources an operator picks when entering a booking. */
export const OPERATOR_SOURCES = ['phone', 'walk_in', 'owner'] as const;
export type TOperatorSource = (typeof OPERATOR_SOURCES)[number];

export const BOOKING_SOURCE_LABELS: Record<TBookingSource, string> = {
  website: 'Website',
  phone: 'Phone',
  walk_in: 'Walk-in',
  owner: "Owner's stay",
};

export const CHANGE_REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type TChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

export const OVERRIDE_NEEDS_REASON = 'A price override needs a reason';
export const CANCELLED_CANNOT_CHANGE = 'A cancelled booking cannot be changed';
export const NOTHING_TO_CHANGE = 'Change the dates, the home or the guests first';
export const CHANGE_REQUEST_WAITING = 'A change request for this booking is already waiting for an answer';
export const CHANGE_REQUEST_NOT_FOUND = 'Change request not found';
export const CHANGE_REQUEST_DECIDED = 'This change request has already been answered';
